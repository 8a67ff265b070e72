//===- runtime/exception.cpp - exceptions of children, rethrown at the sync ===//
//
// A spawned statement runs in its helper under a catch-all (LowerSpawns.cpp). What it
// throws lands in __sprig_child_threw:
//  - before the detach (an argument or its copy threw): rethrown at once, so it leaves
//    the helper into the parent at the spawn, exactly as in the serial program;
//  - after: kept in the parent frame. If several children of one sync throw, the one
//    spawned first (serial order) is kept and the others are destroyed. The sync then
//    rethrows it (SPRIG_FRAME_EXCEPTION; __sprig_rethrow).
// Who sets the flag: the child itself when its parent was not stolen (then it runs on
// the runner's thread, just before the runner continues); otherwise the worker that
// resumes the frame at its sync (resume_at_sync), after the join.
//===----------------------------------------------------------------------===//
#include "global.h"
#include <exception>
#include <mutex>

extern "C" void *__cxa_begin_catch(void *) noexcept;
extern "C" void __cxa_end_catch();

namespace sprig {
namespace {
struct KeptException {
  std::exception_ptr exc;
  uint32_t child;  // spawn number: lower is earlier in serial order
};
// One lock for all frames: exceptions are rare and short to record.
std::mutex lock;
}  // namespace

void frame_note_exceptions(sprig_frame *f) {
  std::lock_guard<std::mutex> l(lock);
  if (f->exceptions)
    f->flags |= SPRIG_FRAME_EXCEPTION;
}
}  // namespace sprig

using namespace sprig;

extern "C" void __sprig_child_threw(sprig_frame *parent, void *exn, uint32_t child) {
  __cxa_begin_catch(exn);
  struct EndCatch {
    ~EndCatch() { __cxa_end_catch(); }
  } end_catch;  // also ends the catch when the rethrow below unwinds
  if (child == ~0u)
    throw;  // not detached yet: the parent's exception, thrown at the spawn
  std::exception_ptr e = std::current_exception();
  std::lock_guard<std::mutex> l(lock);
  auto *p = static_cast<KeptException *>(parent->exceptions);
  if (!p) {
    parent->exceptions = new KeptException{std::move(e), child};
  } else if (child < p->child) {
    p->exc = std::move(e);  // earlier in serial order wins; the other is destroyed
    p->child = child;
  }
}

extern "C" void __sprig_leave_helper_exc(sprig_frame *parent) {
  // The pop succeeds only if the parent was not stolen: then we are on the runner's
  // thread and it resumes right after we return, so it may set its own flag.
  // sprig_leave_helper, with the runtime's child_done instead of __sprig_child_done, so
  // that under TSan the frames between the helper and the switch are the same on both
  // paths (the helper, one entry point, child_done: runtime/scheduler.cpp).
  sprig_worker *w = sprig_self();
  if (!sprig_deque_pop(w))
    child_done(as_worker(w), parent);  // parent stolen: never returns
  parent->flags |= SPRIG_FRAME_EXCEPTION;
}

extern "C" void __sprig_rethrow(sprig_frame *sf) {
  std::exception_ptr e;
  {
    std::lock_guard<std::mutex> l(lock);
    auto *p = static_cast<KeptException *>(sf->exceptions);
    sf->exceptions = nullptr;
    sf->flags &= ~SPRIG_FRAME_EXCEPTION;
    if (p) {
      e = std::move(p->exc);
      delete p;
    }
  }
  if (e)
    std::rethrow_exception(e);
}

extern "C" void __sprig_exception_in_flight(sprig_frame *sf, void *exn) {
  // Called at a landing pad of sf's function, after its children were waited for, when
  // one of them left an exception: that one comes first in serial order. Catch and drop
  // the one in flight (end_catch destroys it), then throw the child's.
  __cxa_begin_catch(exn);
  __cxa_end_catch();
  __sprig_rethrow(sf);
}
