//===- runtime/race/detector.cpp - libsprig-race: the determinacy race detector ===//
//
// A program built with `sprig++ --race` (docs/race.md) runs serially, depth first. Its
// functions that spawn call the hooks of events.cpp at the series-parallel events
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
// interposed, interpose.cpp), and the frames of a spawned child when it returns (the
// stack below the continuation; the serial run reuses those addresses for the next
// child's frames).
//
// This file: the detector's state and the check of one access, with ThreadSanitizer's
// entry points that call it; the series-parallel events are in events.cpp, the heap and
// the locks in interpose.cpp (detector.h has the state they share, and the memory
// ordering).
//===----------------------------------------------------------------------===//
#include "detector.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <pthread.h>
#include <unistd.h>

using namespace sprig::race;

namespace {
// Built in place on first use (det()), never destroyed (accesses continue during exit).
// Only this file touches them: the others go through det().
alignas(Detector) unsigned char g_storage[sizeof(Detector)];
Detector *g_det = nullptr;
}  // namespace

namespace sprig::race {

__thread Thread t_self __attribute__((tls_model("initial-exec")));
std::atomic<bool> g_threads{false};  // (detector.h)

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

}  // namespace sprig::race

namespace {

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

}  // namespace

extern "C" {

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

}  // extern "C"
