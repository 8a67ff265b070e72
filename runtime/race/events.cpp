//===- runtime/race/events.cpp - the race detector's series-parallel events ===//
//
// The hooks that a program built with `sprig++ --race` calls at spawns, syncs and the
// entries and exits of its spawning functions (plugin/Race.h), which keep the SP-bags
// (bags.h) of detector.h's state, and libsprig's reducer entry points, with a view map
// per strand.
//===----------------------------------------------------------------------===//
#include "../view_map.h"
#include "detector.h"

#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace sprig::race;
using sprig::map_new;
using sprig::merge_views;
using sprig::ViewMap;

// ---- the series-parallel events (plugin/Race.cpp) ----
//
// Each thread keeps its procedures in a stack: the root, then each procedure entered
// (a spawning function called: `enter`; a spawned statement: `spawn`) and not yet left.
// Every event names the procedure it happens in (p), so an exception that skipped
// events (a spawned statement or a function left by unwinding) is healed at the next
// event of an enclosing procedure: the entries above p are left in order, each synced
// and joined to the procedure below it, as they would have been had they returned.
namespace {

struct Entry {
  Proc proc;
  bool spawned;       // a spawned statement (joins its parent's P bag), else a call
  std::uintptr_t sp;  // the stack where its event was called (the root: the top)
  // Reducers: the maps of the strands of this procedure's sync epoch that ended (one
  // per spawned statement that ended since the last sync), in serial order.
  std::vector<ViewMap *> *pieces;
};
__attribute__((tls_model("initial-exec"))) thread_local std::vector<Entry> *t_procs;

// ---- reducers (include/sprig/reducer.h, runtime/view_map.h) ----
//
// The detector runs each spawned child and each continuation as a strand of its own, as
// if every continuation were stolen: at the end of a spawned statement the strand's map
// is parked in its procedure's pieces and the continuation starts with an empty one; at
// the sync the pieces and the current map are reduced in serial order. So every strand
// updates views of its own and reducers never race (docs/race.md), and the reductions
// run at the sync, in series with the whole epoch. The reducers' callbacks are the
// program's code: they run with accesses checked, as the syncing procedure's.
__attribute__((tls_model("initial-exec"))) thread_local ViewMap *t_views;

// Run fn as the program (accesses checked), from inside the detector.
template <class Fn> void as_program(Fn fn) {
  int saved = t_self.in_rt;
  t_self.in_rt = 0;
  fn();
  t_self.in_rt = saved;
}

// A spawned statement ended: its strand's map is parked, the continuation starts anew.
void views_spawned(Entry &e) {
  if (!e.pieces)
    e.pieces = new std::vector<ViewMap *>;
  e.pieces->push_back(t_views);
  t_views = map_new();
}

// e syncs: its epoch's maps, reduced in serial order, are the strand's map.
void views_sync(Entry &e) {
  if (!e.pieces || e.pieces->empty())
    return;
  ViewMap *acc = (*e.pieces)[0];
  as_program([&] {
    for (std::size_t i = 1; i < e.pieces->size(); ++i)
      merge_views(acc, (*e.pieces)[i]);
    merge_views(acc, t_views);
  });
  t_views = acc;
  e.pieces->clear();
}

std::vector<Entry> &procs(Detector &d) {
  if (!t_procs) {
    t_procs = new std::vector<Entry>;
    start_thread(d);
    t_procs->push_back({t_self.cur, false, ~std::uintptr_t(0), nullptr});  // its root
  }
  return *t_procs;
}

// Leave every procedure above p (or above the root, if p is not on the stack).
void unwind_to(Detector &d, std::vector<Entry> &st, Proc p) {
  bool found = false;
  for (const Entry &e : st)
    found |= e.proc == p;
  while (st.size() > 1 && st.back().proc != p && found) {
    Entry e = st.back();
    st.pop_back();
    d.bags.sync(e.proc);
    views_sync(e);
    delete e.pieces;
    if (e.spawned)
      d.bags.child_returned(st.back().proc, e.proc);
    else
      d.bags.returned(st.back().proc, e.proc);
  }
  t_self.cur = st.back().proc;
}

// Leave the entries whose frames are gone: a function entered at `sp` (or above it,
// deeper frames having lower addresses) starts where they ran, so they have returned or
// been unwound. (An exception out of a spawning function that had no landing pad, into a
// caller that calls another: no event of an enclosing procedure came in between.)
void leave_dead(Detector &d, std::vector<Entry> &st, std::uintptr_t sp) {
  while (st.size() > 1 && st.back().sp <= sp)
    unwind_to(d, st, st[st.size() - 2].proc);
}

// Everything below the caller of an event is dead stack: frames that returned (a spawned
// child's, a callee's) or were unwound by an exception. Their bytes will be other
// frames': forget what was seen there (t_self.low: the lowest stack byte touched since).
void forget_dead_stack(Detector &d, std::uintptr_t sp) {
  if (t_self.low < sp && t_self.low >= t_self.stack_lo)
    d.shadow.clear(t_self.low, sp - t_self.low);
  t_self.low = sp;
}

Proc push(Detector &d, std::vector<Entry> &st, bool spawned, std::uintptr_t sp) {
  Proc f = d.bags.make();
  st.push_back({f, spawned, sp, nullptr});
  t_self.cur = f;
  return f;
}

// The calling function's place on the stack: this event's own frame (the runtime keeps
// frame pointers), at a fixed distance below the caller's stack pointer.
#define SPRIG_RACE_SP() reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0))

}  // namespace

extern "C" {

void __sprig_race_init(void) {
  Detector &d = det();
  Locked l(d);
  if (d.active)
    return;
  d.active = true;
  std::atexit(report_at_exit);
}

std::uint32_t __sprig_race_enter(void) {
  Locked l(det());
  std::uintptr_t sp = SPRIG_RACE_SP();
  std::vector<Entry> &st = procs(l.d);
  leave_dead(l.d, st, sp);
  forget_dead_stack(l.d, sp);
  return push(l.d, st, false, sp);
}

std::uint32_t __sprig_race_spawn(std::uint32_t p) {
  Locked l(det());
  std::vector<Entry> &st = procs(l.d);
  unwind_to(l.d, st, p);
  forget_dead_stack(l.d, SPRIG_RACE_SP());
  return push(l.d, st, true, SPRIG_RACE_SP());
}

void __sprig_race_spawned(std::uint32_t p) {
  Locked l(det());
  std::vector<Entry> &st = procs(l.d);
  unwind_to(l.d, st, p);  // the child (on top) joins p's P bag
  forget_dead_stack(l.d, SPRIG_RACE_SP());
  if (st.back().proc == p)
    views_spawned(st.back());
}

void __sprig_race_sync(std::uint32_t p) {
  Locked l(det());
  std::vector<Entry> &st = procs(l.d);
  unwind_to(l.d, st, p);
  l.d.bags.sync(p);
  forget_dead_stack(l.d, SPRIG_RACE_SP());
  if (st.back().proc == p)
    views_sync(st.back());
}

void __sprig_race_leave(std::uint32_t p) {
  Locked l(det());
  std::vector<Entry> &st = procs(l.d);
  unwind_to(l.d, st, p);
  forget_dead_stack(l.d, SPRIG_RACE_SP());
  if (st.size() > 1 && st.back().proc == p) {
    views_sync(st.back());
    delete st.back().pieces;
    st.pop_back();
    l.d.bags.returned(st.back().proc, p);
    t_self.cur = st.back().proc;
  }
}

// A spawned statement's own locals, dead at its end (plugin/Race.cpp).
void __sprig_race_forget(void *a, std::uint64_t n) {
  Locked l(det());
  l.d.shadow.clear(reinterpret_cast<std::uintptr_t>(a), n);
}

// ---- reducers: libsprig's entry points, with a map per strand (above) ----
void *__sprig_reducer_view(void *key, size_t size, size_t align, void (*identity)(void *),
                           void (*reduce)(void *, void *)) {
  ViewMap *m = t_views;
  return m ? sprig::view_lookup(m, key, size, align, identity, reduce) : key;
}
void __sprig_reducer_register(void *key, size_t size, size_t align,
                              void (*identity)(void *), void (*reduce)(void *, void *)) {
  if (ViewMap *m = t_views)
    sprig::view_register(m, key, size, align, identity, reduce);
}
void __sprig_reducer_unregister(void *key) {
  if (ViewMap *m = t_views)
    sprig::view_unregister(m, key);
}
void __sprig_reducer_scope_end(void **guard) { __sprig_reducer_unregister(*guard); }
// Every strand has its own map here anyway (the constructor the plugin adds calls it).
void __sprig_reducers_used(void) {}

}  // extern "C"
