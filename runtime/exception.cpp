//===- runtime/exception.cpp - exceptions of children, rethrown at the sync ===//
//
// A spawned statement runs in its helper under a catch-all (LowerSpawns.cpp). What it
// throws lands in __sprig_child_threw:
//  - before the detach (an argument or its copy threw): rethrown at once, so it leaves
//    the helper into the parent at the spawn, exactly as in the serial program;
//  - after: kept in the parent frame, without allocating (below). If several children
//    of one sync throw, the one spawned first (serial order) is kept and the others are
//    destroyed. The sync then
//    rethrows it (SPRIG_FRAME_EXCEPTION; __sprig_rethrow).
// Who sets the flag: the child itself when its parent was not stolen (then it runs on
// the runner's thread, just before the runner continues); otherwise the worker that
// resumes the frame at its sync (resume_at_sync), after the join.
//===----------------------------------------------------------------------===//
#include "exception.h"
#include "pedigree.h"
#include "scheduler.h"
#include "sprig/abi.h"
#include "worker.h"
#include <cstdint>
#include <exception>
#include <mutex>
#include <new>
#include <unwind.h>

extern "C" void *__cxa_begin_catch(void *) noexcept;
extern "C" void __cxa_end_catch();

// No allocation on the way from a child's throw to its parent's sync. The kept exception
// is a std::exception_ptr (one pointer: the thrown object, reference-counted by the C++
// runtime; copying or moving it allocates nothing) stored in the frame's `exceptions`
// word itself, and the number of the child that threw it is stored in the thrown
// object's own __cxa_exception header (below). An operator new here could
// throw bad_alloc out of the helper's landing pad, after the detach, into a parent whose
// continuation runs elsewhere. Rethrowing at the sync (std::rethrow_exception) takes a
// dependent exception from the C++ runtime's exception allocator, which falls back on
// its emergency pool, as any throw of the serial program does. (That an exception_ptr
// fits the word is checked in runtime/abi_layout.cpp.)

namespace sprig {
namespace {
// One lock for all frames: exceptions are rare and short to record.
std::mutex lock;

std::exception_ptr &kept(sprig_frame *f) {
  return *std::launder(reinterpret_cast<std::exception_ptr *>(&f->exceptions));
}

// The child number lives in the `adjustedPtr` word of the primary exception's
// __cxa_exception header, which the Itanium C++ ABI (libstdc++ and libc++abi alike) lays
// out immediately before the _Unwind_Exception, itself immediately before the thrown
// object. That word is scratch of the personality routine while the exception is being
// caught: a kept exception is held only by its exception_ptr (our catch ended), and its
// rethrow at the sync throws a dependent exception with a header of its own, so nothing
// reads or writes the primary's word meanwhile. (test/runtime/exception_test.cpp checks
// the offset against the C++ runtime.)
uintptr_t *child_slot(const std::exception_ptr &e) {
  char *obj = *reinterpret_cast<char *const *>(&e);  // the thrown object
  return reinterpret_cast<uintptr_t *>(obj - sizeof(_Unwind_Exception) - sizeof(void *));
}
}  // namespace

void frame_note_exceptions(sprig_frame *f) {
  std::lock_guard<std::mutex> l(lock);
  if (f->exceptions)
    f->flags |= SPRIG_FRAME_EXCEPTION;
}

// For tests: the word child_slot uses, for the exception in `e`.
uintptr_t *exception_child_slot_for_test(const std::exception_ptr &e) {
  return child_slot(e);
}
}  // namespace sprig

using namespace sprig;

extern "C" void __sprig_child_threw(sprig_frame *parent, void *exn, uint32_t child) {
  __cxa_begin_catch(exn);
  struct EndCatch {
    // Under the lock: ending the catch may free the exception (its last reference), which
    // another thread's critical section below may have read (the child number in its
    // header) after ours; the lock orders that read before the free. The reference counts
    // that order it anyway live in the uninstrumented libstdc++, where ThreadSanitizer
    // cannot see them (exceptions/root-throws.cpp under TSan).
    ~EndCatch() {
      std::lock_guard<std::mutex> l(lock);
      __cxa_end_catch();
    }
  } end_catch;  // also ends the catch when the rethrow below unwinds
  if (child == ~0u)
    throw;  // not detached yet: the parent's exception, thrown at the spawn
  std::exception_ptr e = std::current_exception();  // no allocation: a reference
  if (!e)
    return;  // not a C++ exception: nothing can be kept
  std::lock_guard<std::mutex> l(lock);
  std::exception_ptr &k = kept(parent);
  // Earlier in serial order wins; the other is destroyed (by e's destructor). Equal
  // numbers (no steal between the two detaches, sprig_detach): the two ran one after
  // the other in serial order, and the first recorded stays.
  if (!k || child < static_cast<uint32_t>(*child_slot(k))) {
    *child_slot(e) = child;
    std::swap(k, e);
    ped_record_exception(parent);  // (runtime/pedigree.h) with the exception it goes with
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
  // The next children keep this one's number (the parent's steals) until a steal: they
  // run after it, so it is recorded first and stays first among equals (sprig_detach).
  parent->flags |= SPRIG_FRAME_EXCEPTION;
}

extern "C" void __sprig_leave_helper_exc_scoped(sprig_frame *parent, sprig_scope *scope) {
  // __sprig_leave_helper_exc for a child spawned in a scope.
  sprig_worker *w = sprig_self();
  if (!sprig_deque_pop(w))
    child_done(as_worker(w), parent, scope);  // parent stolen: never returns
  parent->flags |= SPRIG_FRAME_EXCEPTION;
}

extern "C" void __sprig_rethrow(sprig_frame *sf) {
  std::exception_ptr e;
  {
    std::lock_guard<std::mutex> l(lock);
    std::swap(e, kept(sf));
    sf->flags &= ~SPRIG_FRAME_EXCEPTION;
    if (e)
      ped_restore_exception(sf);  // the catching strand goes on from the child's position
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
