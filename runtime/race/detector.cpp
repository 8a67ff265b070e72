//===- runtime/race/detector.cpp - libsprig-race: the determinacy race detector ===//
//
// A program built with `sprig++ --race` (docs/race.md) runs serially, depth first. Its
// functions that spawn call the hooks below at the series-parallel events
// (plugin/Race.h), and ThreadSanitizer's instrumentation (clang -fsanitize=thread, linked
// against this library instead of libtsan) calls the __tsan_* entry points at every
// memory access, function entry and exit. Each access is checked against the shadow of
// the bytes it touches (shadow.h) with SP-bags (bags.h): an earlier access by a procedure
// now in a P bag is logically parallel with this one; if either writes, that is a
// determinacy race (report.h). Atomic operations are performed and not checked, as in
// Cilksan (they are not races); accesses made while the thread holds a pthread mutex or
// rwlock are ignored (not checked, not recorded).
//
// Fresh memory is forgotten: a heap block at its allocation (malloc and friends are
// interposed here), and the frames of a spawned child when it returns (the stack below
// the continuation; the serial run reuses those addresses for the next child's frames).
//
// Memory ordering: one spinlock around the detector's state; the instrumented program
// runs its computations serially, so it is uncontended unless the program has threads.
// Per-thread state is thread-local (initial-exec, trivially initialized).
//===----------------------------------------------------------------------===//
#include "../view_map.h"
#include "bags.h"
#include "report.h"
#include "shadow.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <new>
#include <pthread.h>
#include <unistd.h>

using namespace sprig::race;
using sprig::map_new;
using sprig::merge_views;
using sprig::ViewMap;

namespace {

struct Detector {
  std::atomic_flag lock = ATOMIC_FLAG_INIT;
  // The thread holding the lock (its Thread record), so that a reducer's callbacks,
  // which the detector runs at a sync while it holds the lock, can take it again.
  std::atomic<void *> owner{nullptr};
  bool active = false;  // an instrumented module started (__sprig_race_init)
  Bags bags;
  Shadow shadow;
  Locations locs;
  Stacks stacks;
  Reports reports;
};

// Built in place on first use, never destroyed (accesses continue during exit).
alignas(Detector) unsigned char g_storage[sizeof(Detector)];
Detector *g_det = nullptr;

struct Thread {
  Proc cur;             // the current procedure (0: the thread's root is not made yet)
  std::uint32_t stack;  // the current call stack (Stacks node)
  int in_rt;            // inside the detector: accesses and allocations are not tracked
  int locks;            // locks this thread holds: its accesses are not checked
  std::uintptr_t stack_lo, stack_hi, low;  // the thread's stack; lowest byte touched
  // Locations met lately, by (pc, stack): most accesses repeat a recent one, and
  // Locations::intern is a hash-table lookup. Direct-mapped.
  struct {
    std::uintptr_t pc;
    std::uint32_t stack, loc;
  } cache[256];
};
__attribute__((tls_model("initial-exec"))) thread_local Thread t_self;

// Set (for good) when the program creates its first thread (pthread_create, below),
// before that thread exists: until then one thread runs, and the lock is not taken.
// Memory ordering: the store happens-before the new thread's start (pthread_create), so
// the new thread sees it; the creating thread set it itself.
std::atomic<bool> g_threads{false};

// The detector's lock, and the thread's "inside the detector" flag with it.
struct Locked {
  Detector &d;
  bool held;
  explicit Locked(Detector &det) : d(det), held(g_threads.load(std::memory_order_relaxed)) {
    ++t_self.in_rt;
    // Nested (a reducer callback run by the detector, below): the lock is ours already.
    // Relaxed: only this thread ever stores its own address there.
    if (held && d.owner.load(std::memory_order_relaxed) == &t_self)
      held = false;
    if (held) {
      while (d.lock.test_and_set(std::memory_order_acquire))
        ;
      d.owner.store(&t_self, std::memory_order_relaxed);
    }
  }
  ~Locked() {
    if (held) {
      d.owner.store(nullptr, std::memory_order_relaxed);
      d.lock.clear(std::memory_order_release);
    }
    --t_self.in_rt;
  }
};

Detector &det() {
  if (!g_det) {
    ++t_self.in_rt;
    g_det = new (g_storage) Detector;
    --t_self.in_rt;
  }
  return *g_det;
}

// The thread's root procedure and stack bounds, on its first event (under the lock).
void start_thread(Detector &d) {
  if (t_self.cur)
    return;
  t_self.cur = d.bags.make();
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void *addr;
    std::size_t size;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
      t_self.stack_lo = reinterpret_cast<std::uintptr_t>(addr);
      t_self.stack_hi = t_self.stack_lo + size;
    }
    pthread_attr_destroy(&attr);
  }
  t_self.low = t_self.stack_hi;
}

std::uint32_t location(Detector &d, std::uintptr_t pc) {
  auto &e =
      t_self.cache[(pc ^ (pc >> 9) ^ (std::uintptr_t(t_self.stack) * 0x9E3779B1u)) & 255];
  if (e.pc == pc && e.stack == t_self.stack && e.loc)
    return e.loc;
  e.pc = pc;
  e.stack = t_self.stack;
  e.loc = d.locs.intern(pc, t_self.stack);
  return e.loc;
}

void check(std::uintptr_t a, std::size_t n, Access kind, std::uintptr_t pc) {
  if (!g_det || !g_det->active || t_self.in_rt || t_self.locks || !n)
    return;
  Locked l(*g_det);
  Detector &d = l.d;
  start_thread(d);
  if (a >= t_self.stack_lo && a < t_self.stack_hi && a < t_self.low)
    t_self.low = a;
  const Proc cur = t_self.cur;
  const std::uint32_t loc = location(d, pc);
  // One answer per procedure met in this access (neighbouring bytes share writers).
  Proc last = 0;
  bool last_par = false;
  auto parallel = [&](Proc x) {
    if (!x)
      return false;
    if (x != last) {
      last = x;
      last_par = d.bags.parallel(x);
    }
    return last_par;
  };
  // An access within one shadow chunk (almost all) walks its cells directly.
  Cell *run = d.shadow.same_chunk(a, n) ? d.shadow.cell(a) : nullptr;
  for (std::size_t i = 0; i < n; ++i) {
    Cell *c = run ? run + i : d.shadow.cell(a + i);
    if (!c)
      continue;
    if (parallel(c->writer))
      d.reports.add(Race{a + i, kWrite, kind, c->wloc, loc}, d.locs);
    if (kind == kWrite) {
      if (parallel(c->reader))
        d.reports.add(Race{a + i, kRead, kWrite, c->rloc, loc}, d.locs);
      c->writer = cur;
      c->wloc = loc;
    } else if (!parallel(c->reader)) {
      c->reader = cur;
      c->rloc = loc;
    }
  }
}

// The instrumented code's location: the return address of the entry point it called
// (a macro: it must be the entry point's own return address).
#define SPRIG_RACE_PC() reinterpret_cast<std::uintptr_t>(__builtin_return_address(0))

// A heap block, new: forget what its bytes saw before (an earlier block's accesses).
void fresh(void *p, std::size_t n) {
  if (!p || !g_det || !g_det->active || t_self.in_rt)
    return;
  Locked l(*g_det);
  l.d.shadow.clear(reinterpret_cast<std::uintptr_t>(p), n);
}

void report_at_exit() {
  Detector &d = det();
  ++t_self.in_rt;  // no more tracking: printing allocates
  if (!d.reports.count())
    return;
  std::fflush(nullptr);
  d.reports.print(d.locs, d.stacks);
  std::fflush(stderr);
  // As ThreadSanitizer: a run that found a race exits with status 66.
  _exit(66);
}

}  // namespace

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

// ---- ThreadSanitizer's instrumentation ----
void __tsan_init(void) {}

void __tsan_func_entry(void *pc) {
  if (!g_det || t_self.in_rt)
    return;
  Locked l(*g_det);
  t_self.stack = l.d.stacks.push(t_self.stack, reinterpret_cast<std::uintptr_t>(pc));
}
void __tsan_func_exit(void) {
  if (!g_det || t_self.in_rt)
    return;
  Locked l(*g_det);
  t_self.stack = l.d.stacks.parent(t_self.stack);
}

#define SPRIG_RACE_ACCESS(N)                                                               \
  void __tsan_read##N(void *a) { check((std::uintptr_t)a, N, kRead, SPRIG_RACE_PC()); }    \
  void __tsan_write##N(void *a) { check((std::uintptr_t)a, N, kWrite, SPRIG_RACE_PC()); }  \
  void __tsan_unaligned_read##N(void *a) {                                                 \
    check((std::uintptr_t)a, N, kRead, SPRIG_RACE_PC());                                   \
  }                                                                                        \
  void __tsan_unaligned_write##N(void *a) {                                                \
    check((std::uintptr_t)a, N, kWrite, SPRIG_RACE_PC());                                  \
  }                                                                                        \
  void __tsan_volatile_read##N(void *a) {                                                  \
    check((std::uintptr_t)a, N, kRead, SPRIG_RACE_PC());                                   \
  }                                                                                        \
  void __tsan_volatile_write##N(void *a) {                                                 \
    check((std::uintptr_t)a, N, kWrite, SPRIG_RACE_PC());                                  \
  }                                                                                        \
  void __tsan_unaligned_volatile_read##N(void *a) {                                        \
    check((std::uintptr_t)a, N, kRead, SPRIG_RACE_PC());                                   \
  }                                                                                        \
  void __tsan_unaligned_volatile_write##N(void *a) {                                       \
    check((std::uintptr_t)a, N, kWrite, SPRIG_RACE_PC());                                  \
  }                                                                                        \
  void __tsan_read##N##_pc(void *a, void *pc) {                                            \
    check((std::uintptr_t)a, N, kRead, (std::uintptr_t)pc);                                \
  }                                                                                        \
  void __tsan_write##N##_pc(void *a, void *pc) {                                           \
    check((std::uintptr_t)a, N, kWrite, (std::uintptr_t)pc);                               \
  }
SPRIG_RACE_ACCESS(1)
SPRIG_RACE_ACCESS(2)
SPRIG_RACE_ACCESS(4)
SPRIG_RACE_ACCESS(8)
SPRIG_RACE_ACCESS(16)
#undef SPRIG_RACE_ACCESS

void __tsan_read_range(void *a, unsigned long n) {
  check((std::uintptr_t)a, n, kRead, SPRIG_RACE_PC());
}
void __tsan_write_range(void *a, unsigned long n) {
  check((std::uintptr_t)a, n, kWrite, SPRIG_RACE_PC());
}
// The vtable pointer's updates and reads (construction, destruction, virtual calls) are
// the compiler's, not the program's: not checked.
void __tsan_vptr_update(void **, void *) {}
void __tsan_vptr_read(void **) {}

void *__tsan_memcpy(void *d, const void *s, unsigned long n) {
  check((std::uintptr_t)s, n, kRead, SPRIG_RACE_PC());
  check((std::uintptr_t)d, n, kWrite, SPRIG_RACE_PC());
  return std::memcpy(d, s, n);
}
void *__tsan_memmove(void *d, const void *s, unsigned long n) {
  check((std::uintptr_t)s, n, kRead, SPRIG_RACE_PC());
  check((std::uintptr_t)d, n, kWrite, SPRIG_RACE_PC());
  return std::memmove(d, s, n);
}
void *__tsan_memset(void *d, int c, unsigned long n) {
  check((std::uintptr_t)d, n, kWrite, SPRIG_RACE_PC());
  return std::memset(d, c, n);
}

// Atomics: performed (sequentially consistent, at least what was asked), not checked.
#define SPRIG_RACE_ATOMIC(N, T)                                                            \
  T __tsan_atomic##N##_load(const volatile T *a, int) {                                    \
    return __atomic_load_n(a, __ATOMIC_SEQ_CST);                                           \
  }                                                                                        \
  void __tsan_atomic##N##_store(volatile T *a, T v, int) {                                 \
    __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                              \
  }                                                                                        \
  T __tsan_atomic##N##_exchange(volatile T *a, T v, int) {                                 \
    return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                                    \
  }                                                                                        \
  T __tsan_atomic##N##_fetch_add(volatile T *a, T v, int) {                                \
    return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);                                     \
  }                                                                                        \
  T __tsan_atomic##N##_fetch_sub(volatile T *a, T v, int) {                                \
    return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST);                                     \
  }                                                                                        \
  T __tsan_atomic##N##_fetch_and(volatile T *a, T v, int) {                                \
    return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST);                                     \
  }                                                                                        \
  T __tsan_atomic##N##_fetch_or(volatile T *a, T v, int) {                                 \
    return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST);                                      \
  }                                                                                        \
  T __tsan_atomic##N##_fetch_xor(volatile T *a, T v, int) {                                \
    return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST);                                     \
  }                                                                                        \
  T __tsan_atomic##N##_fetch_nand(volatile T *a, T v, int) {                               \
    return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST);                                    \
  }                                                                                        \
  int __tsan_atomic##N##_compare_exchange_strong(volatile T *a, T *c, T v, int, int) {     \
    return __atomic_compare_exchange_n(a, c, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);    \
  }                                                                                        \
  int __tsan_atomic##N##_compare_exchange_weak(volatile T *a, T *c, T v, int, int) {       \
    return __atomic_compare_exchange_n(a, c, v, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);    \
  }                                                                                        \
  T __tsan_atomic##N##_compare_exchange_val(volatile T *a, T c, T v, int, int) {           \
    __atomic_compare_exchange_n(a, &c, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);          \
    return c;                                                                              \
  }
SPRIG_RACE_ATOMIC(8, std::uint8_t)
SPRIG_RACE_ATOMIC(16, std::uint16_t)
SPRIG_RACE_ATOMIC(32, std::uint32_t)
SPRIG_RACE_ATOMIC(64, std::uint64_t)
#undef SPRIG_RACE_ATOMIC

// 128-bit: x86-64 has no 16-byte atomic load or store without cmpxchg16b (not in the
// baseline ISA), so under one lock (the instrumented program is serial; a program's own
// threads contend here only for 16-byte atomics).
}  // extern "C"
namespace {
std::atomic_flag g_wide_lock = ATOMIC_FLAG_INIT;
struct Wide {
  Wide() {
    while (g_wide_lock.test_and_set(std::memory_order_acquire))
      ;
  }
  ~Wide() { g_wide_lock.clear(std::memory_order_release); }
};
using u128 = unsigned __int128;
}  // namespace
extern "C" {
u128 __tsan_atomic128_load(const volatile u128 *a, int) {
  Wide w;
  return *a;
}
void __tsan_atomic128_store(volatile u128 *a, u128 v, int) {
  Wide w;
  *a = v;
}
#define SPRIG_RACE_WIDE_RMW(OP, EXPR)                                                      \
  u128 __tsan_atomic128_##OP(volatile u128 *a, u128 v, int) {                              \
    Wide w;                                                                                \
    u128 old = *a;                                                                         \
    *a = EXPR;                                                                             \
    return old;                                                                            \
  }
SPRIG_RACE_WIDE_RMW(exchange, v)
SPRIG_RACE_WIDE_RMW(fetch_add, old + v)
SPRIG_RACE_WIDE_RMW(fetch_sub, old - v)
SPRIG_RACE_WIDE_RMW(fetch_and, old &v)
SPRIG_RACE_WIDE_RMW(fetch_or, old | v)
SPRIG_RACE_WIDE_RMW(fetch_xor, old ^ v)
SPRIG_RACE_WIDE_RMW(fetch_nand, ~(old &v))
#undef SPRIG_RACE_WIDE_RMW
int __tsan_atomic128_compare_exchange_strong(volatile u128 *a, u128 *c, u128 v, int, int) {
  Wide w;
  if (*a == *c) {
    *a = v;
    return 1;
  }
  *c = *a;
  return 0;
}
int __tsan_atomic128_compare_exchange_weak(volatile u128 *a, u128 *c, u128 v, int m,
                                           int f) {
  return __tsan_atomic128_compare_exchange_strong(a, c, v, m, f);
}
u128 __tsan_atomic128_compare_exchange_val(volatile u128 *a, u128 c, u128 v, int m, int f) {
  __tsan_atomic128_compare_exchange_strong(a, &c, v, m, f);
  return c;
}
void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

// ---- the heap: a new block's bytes are fresh ----
void *__libc_malloc(std::size_t);
void *__libc_calloc(std::size_t, std::size_t);
void *__libc_realloc(void *, std::size_t);
void *__libc_memalign(std::size_t, std::size_t);
void __libc_free(void *);

void *malloc(std::size_t n) {
  void *p = __libc_malloc(n);
  fresh(p, n);
  return p;
}
void *calloc(std::size_t k, std::size_t n) {
  void *p = __libc_calloc(k, n);
  fresh(p, k * n);
  return p;
}
std::size_t malloc_usable_size(void *);
void *realloc(void *q, std::size_t n) {
  std::size_t old = q ? malloc_usable_size(q) : 0;
  void *p = __libc_realloc(q, n);
  if (p != q)
    fresh(p, n);  // moved: the old contents were copied by the allocator, unseen
  else if (p && n > old)
    fresh(static_cast<char *>(p) + old, n - old);  // grown in place: the new tail
  return p;
}
void *memalign(std::size_t al, std::size_t n) {
  void *p = __libc_memalign(al, n);
  fresh(p, n);
  return p;
}
void *aligned_alloc(std::size_t al, std::size_t n) { return memalign(al, n); }
int posix_memalign(void **out, std::size_t al, std::size_t n) {
  void *p = memalign(al, n);
  if (!p)
    return 12;  // ENOMEM
  *out = p;
  return 0;
}
void *valloc(std::size_t n) {
  return memalign(static_cast<std::size_t>(sysconf(_SC_PAGESIZE)), n);
}
void free(void *p) { __libc_free(p); }

// ---- locks: what a thread does while it holds one is not checked ----
// (Cilksan's default: lock-protected accesses are not determinacy races to report.)
// pthread mutexes and rwlocks (std::mutex, std::shared_mutex, std::lock_guard...) are
// counted per thread; user-made locks (spin loops on atomics) are not seen.
}  // extern "C"
namespace {
// The next definition (libc's), found once.
template <class Fn> Fn next_fn(Fn &slot, const char *name) {
  if (!slot)
    slot = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
  return slot;
}
}  // namespace
extern "C" {
#define SPRIG_RACE_ACQUIRE(NAME, T)                                                        \
  int NAME(T *m) noexcept {                                                                \
    static int (*real)(T *);                                                               \
    int r = next_fn(real, #NAME)(m);                                                       \
    if (r == 0)                                                                            \
      ++t_self.locks;                                                                      \
    return r;                                                                              \
  }
SPRIG_RACE_ACQUIRE(pthread_mutex_lock, pthread_mutex_t)
SPRIG_RACE_ACQUIRE(pthread_mutex_trylock, pthread_mutex_t)
SPRIG_RACE_ACQUIRE(pthread_rwlock_rdlock, pthread_rwlock_t)
SPRIG_RACE_ACQUIRE(pthread_rwlock_wrlock, pthread_rwlock_t)
SPRIG_RACE_ACQUIRE(pthread_rwlock_tryrdlock, pthread_rwlock_t)
SPRIG_RACE_ACQUIRE(pthread_rwlock_trywrlock, pthread_rwlock_t)
#undef SPRIG_RACE_ACQUIRE
#define SPRIG_RACE_RELEASE(NAME, T)                                                        \
  int NAME(T *m) noexcept {                                                                \
    static int (*real)(T *);                                                               \
    if (t_self.locks > 0)                                                                  \
      --t_self.locks;                                                                      \
    return next_fn(real, #NAME)(m);                                                        \
  }
// Function-local statics: the initialization runs between __cxa_guard_acquire (when it
// returns 1) and __cxa_guard_release/abort, and every later use is ordered after it (the
// guard's acquire load): the first strand to reach the definition initializes it, the
// others only read. The initialization is not a determinacy race; it is ignored as if
// under a lock. (Before this, a static in a parallel loop's body was reported.)
int __cxa_guard_acquire(std::int64_t *g) {
  static int (*real)(std::int64_t *);
  int r = next_fn(real, "__cxa_guard_acquire")(g);
  if (r)
    ++t_self.locks;
  return r;
}
void __cxa_guard_release(std::int64_t *g) noexcept {
  static void (*real)(std::int64_t *);
  if (t_self.locks > 0)
    --t_self.locks;
  next_fn(real, "__cxa_guard_release")(g);
}
void __cxa_guard_abort(std::int64_t *g) noexcept {
  static void (*real)(std::int64_t *);
  if (t_self.locks > 0)
    --t_self.locks;
  next_fn(real, "__cxa_guard_abort")(g);
}

// The program's threads: from the first one on, the detector locks its state.
int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *),
                   void *arg) noexcept {
  static int (*real)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
  g_threads.store(true, std::memory_order_relaxed);
  return next_fn(real, "pthread_create")(t, attr, fn, arg);
}
SPRIG_RACE_RELEASE(pthread_mutex_unlock, pthread_mutex_t)
SPRIG_RACE_RELEASE(pthread_rwlock_unlock, pthread_rwlock_t)
#undef SPRIG_RACE_RELEASE

}  // extern "C"
