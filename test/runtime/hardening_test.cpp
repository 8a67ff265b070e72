// Runtime hardening (issue 12): the pieces that can be checked in-process, without a
// whole parallel program. Each test fails on the code before the fix.
#include "config.h"
#include "deque.h"
#include "exception.h"
#include "fiber.h"
#include "fpstate.h"
#include "global.h"
#include "overflow.h"
#include "sprig/abi.h"
#include "worker.h"
#include <cfenv>
#include <cstdint>
#include <cstring>
#include <exception>
#include <gtest/gtest.h>
#include <pthread.h>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>

namespace {

using sprig::Fiber;
using sprig::Worker;

// The main thread's stack bounds without /proc (auxiliary vector + RLIMIT_STACK) agree
// with glibc's (which reads /proc/self/maps): same top, same size, up to a few pages.
TEST(NativeStack, WithoutProcMatchesGlibc) {
  sprig::NativeStack ns;
  ASSERT_TRUE(sprig::native_stack_without_proc(&ns));
  pthread_attr_t attr;
  ASSERT_EQ(pthread_getattr_np(pthread_self(), &attr), 0);  // gtest runs on the main thread
  void *lo;
  std::size_t size;
  ASSERT_EQ(pthread_attr_getstack(&attr, &lo, &size), 0);
  pthread_attr_destroy(&attr);
  char *hi = static_cast<char *>(lo) + size;
  // glibc's top is the page above __libc_stack_end; ours is the mapping's real top, a
  // few pages higher (argument and environment strings, the auxiliary vector).
  EXPECT_GE(ns.hi, hi);
  EXPECT_LT(static_cast<std::size_t>(ns.hi - hi), std::size_t(4) << 20);
  EXPECT_EQ(ns.guard, 0u);
  EXPECT_FALSE(ns.from_proc);
  // This frame, not a local's address: under ASan a local may live on its fake stack
  // (detect_stack_use_after_return, on by default), off the thread's stack.
  const char *here = static_cast<const char *>(__builtin_frame_address(0));
  EXPECT_TRUE(ns.lo <= here && here < ns.hi);
}

// A thread's native stack is looked up once: later root entries copy the cached record.
// (Before: pthread_getattr_np on every entry, 55-75 us on the main thread.) Checked by
// the path taken, not by a time: a mark put into this thread's cached record shows up in
// what fiber_init_native fills in, which a fresh lookup would have overwritten. The cost
// of a root entry is measured by `make bench` (bench/micro: BM_root_call).
TEST(NativeStack, LookupIsCachedPerThread) {
  Worker w;
  sprig::fiber_init_native(&w.native);  // the first one may read /proc
  auto &cache = const_cast<sprig::NativeStack &>(sprig::native_stack_of_this_thread());
  ASSERT_TRUE(cache.valid);
  EXPECT_EQ(sprig::native_stack_if_known(), &cache);
  EXPECT_EQ(w.native.lo, cache.lo);
  EXPECT_EQ(w.native.hi, cache.hi);
  char *const real_lo = cache.lo;
  char *const marked_lo = real_lo + 4096;  // still far below this frame
  ASSERT_TRUE(marked_lo < static_cast<char *>(__builtin_frame_address(0)));
  cache.lo = marked_lo;
  for (int i = 0; i < 3; ++i) {
    sprig::fiber_init_native(&w.native);
    EXPECT_EQ(w.native.lo, marked_lo) << "fiber_init_native looked the stack up again";
  }
  cache.lo = real_lo;
  sprig::fiber_init_native(&w.native);
  EXPECT_EQ(w.native.lo, real_lo);
  EXPECT_TRUE(w.native.contains(__builtin_frame_address(0)));
  // Another thread gets its own record.
  std::thread([&cache] {
    Worker v;
    sprig::fiber_init_native(&v.native);
    EXPECT_NE(&sprig::native_stack_of_this_thread(), &cache);
    EXPECT_TRUE(v.native.contains(__builtin_frame_address(0)));
  }).join();
}

// A stack overflow on a thread's own stack (not a fiber) is reported, not a bare SIGSEGV:
// a fault just below the stack's lowest byte while the thread runs as a worker there.
TEST(NativeStackDeathTest, FaultBelowNativeStackIsReported) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        static Worker w;
        sprig::fiber_init_native(&w.native);
        w.cur = &w.native;
        __sprig_tls_worker = sprig::as_abi(&w);
        sprig::install_overflow_handler_for_thread();
        // Below the stack's lowest byte: the kernel's gap under the main stack.
        *reinterpret_cast<volatile char *>(w.native.lo - 4096) = 1;
      },
      testing::ExitedWithCode(134),
      "sprig: stack overflow on worker 0 \\(its thread's own stack");
}

// A frame larger than the guard region, in code without stack probes: the stack
// pointer lands far below a fiber and the first write faults there (or lands in
// another mapping: what sprig++'s -fstack-clash-protection prevents). With the stack
// pointer below the fiber it is still reported as that fiber's overflow.
TEST(FiberDeathTest, FaultFarBelowFiberIsReported) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  Worker w;
  Fiber *f = sprig::fiber_get(&w);
  std::size_t guard = static_cast<std::size_t>(f->lo - f->map);
  EXPECT_GE(guard, std::size_t(64) << 10);
  EXPECT_EXIT(
      {
        static Worker v;
        v.cur = f;
        __sprig_tls_worker = sprig::as_abi(&v);
        sprig::install_overflow_handler_for_thread();
        // Just below the guard region: unmapped address space (nothing mapped there by
        // this test), as a 100 KB frame reaches from the bottom of the fiber.
        char *target = f->map - 4096;
        if (munmap(target, 4096) == 0)  // make sure it faults
          *reinterpret_cast<volatile char *>(target) = 1;
        _exit(0);
      },
      testing::ExitedWithCode(134),
      "sprig: stack overflow on worker 0 \\(fiber stacks are");
  sprig::fiber_put(&w, f);
}

// fiber_reserve puts a fiber in the worker's own pool, so the fiber_get of a steal
// cannot fail; fiber_try_get returns a fiber (null only when the OS has none).
TEST(Fiber, ReserveFillsTheOwnPool) {
  Worker w;
  EXPECT_EQ(w.pool, nullptr);
  ASSERT_TRUE(sprig::fiber_reserve(&w));
  Fiber *reserved = w.pool;
  ASSERT_NE(reserved, nullptr);
  EXPECT_TRUE(sprig::fiber_reserve(&w));  // already there: nothing more
  EXPECT_EQ(w.pool, reserved);
  EXPECT_EQ(w.pool_size, 1);
  uint64_t base = sprig::fibers_in_use();
  Fiber *f = sprig::fiber_try_get(&w);
  EXPECT_EQ(f, reserved);
  EXPECT_EQ(sprig::fibers_in_use(), base + 1);
  sprig::fiber_put(&w, f);
}

// ---- child numbering (sprig_detach): never ~0u, the "not detached" marker ----

struct DequeWorker {
  Worker w;
  sprig_frame *ring[64];
  DequeWorker() : w() {  // value-initialised: the indices start at 0
    w.abi.buf = ring;
    w.abi.mask = 63;
    w.abi.limit = 63;
    __sprig_tls_worker = sprig::as_abi(&w);
  }
  ~DequeWorker() { __sprig_tls_worker = nullptr; }
};

// A child's number is its parent's steals at its detach (ABI 9): children detached with
// no steal between them share a number (they ran one after the other), and a steal
// numbers the continuation's children one more. The detach itself writes nothing in the
// frame, whatever the flags.
TEST(ChildNumber, IsTheParentsStealsAtTheDetach) {
  DequeWorker d;
  sprig_frame f{};
  f.flags = SPRIG_FRAME_ENTERED;
  EXPECT_EQ(sprig_detach(&f), 0u);
  ASSERT_EQ(sprig_deque_pop(sprig::as_abi(&d.w)), 1);
  EXPECT_EQ(sprig_detach(&f), 0u);  // no steal between: the same epoch piece
  ASSERT_EQ(sprig_deque_pop(sprig::as_abi(&d.w)), 1);
  f.flags |= SPRIG_FRAME_STOLEN;  // what resume_stolen does to the continuation
  f.steals = 1;
  sprig_frame before = f;
  EXPECT_EQ(sprig_detach(&f), 1u);
  EXPECT_EQ(0, std::memcmp(&before, &f, sizeof f));  // nothing written
  ASSERT_EQ(sprig_deque_pop(sprig::as_abi(&d.w)), 1);
  f.steals = SPRIG_CHILD_MAX;
  EXPECT_EQ(sprig_detach(&f), SPRIG_CHILD_MAX);
  EXPECT_NE(sprig_detach(&f), ~0u);  // the "not detached" marker stays out of reach
  ASSERT_EQ(sprig_deque_pop(sprig::as_abi(&d.w)), 1);
  ASSERT_EQ(sprig_deque_pop(sprig::as_abi(&d.w)), 1);
}

// A child's exception kept while the parent was not stolen leaves the numbering alone:
// the next children share its number, run after it, and so lose to it (first recorded
// stays); a steal then numbers the continuation's children above it.
TEST(ChildNumber, KeptExceptionStaysFirstAmongEquals) {
  DequeWorker d;
  sprig_frame f{};
  f.flags = SPRIG_FRAME_ENTERED;
  EXPECT_EQ(sprig_detach(&f), 0u);
  __sprig_leave_helper_exc(&f);  // that child threw: kept, the pop succeeds
  EXPECT_TRUE(sprig_frame_has_exception(&f));
  EXPECT_EQ(f.steals, 0u);
  EXPECT_EQ(sprig_detach(&f), 0u);
  ASSERT_EQ(sprig_deque_pop(sprig::as_abi(&d.w)), 1);
}

// ---- [[sprig::scope]]: the scope's own join accounting (ABI 13) ----

// The parent counts an in-scope child as running in parallel exactly when `steals` moved
// across its helper call (a thief took the continuation); otherwise nothing changes.
TEST(Scope, StolenCountsChildrenWhoseContinuationWasStolen) {
  sprig_frame f{};
  f.flags = SPRIG_FRAME_ENTERED;
  sprig_scope s;
  sprig_scope_init(&s);
  EXPECT_EQ(s.join, 0);
  EXPECT_EQ(s.stolen, 0u);
  sprig_scope_before_spawn(&f, &s);
  sprig_scope_after_spawn(&f, &s);  // the owner popped the frame: no steal
  EXPECT_EQ(s.stolen, 0u);
  sprig_scope_before_spawn(&f, &s);
  f.flags |= SPRIG_FRAME_STOLEN;  // what resume_stolen does before the continuation runs
  f.steals++;
  sprig_scope_after_spawn(&f, &s);
  EXPECT_EQ(s.stolen, 1u);
  sprig_scope_before_spawn(&f, &s);
  f.steals++;
  sprig_scope_after_spawn(&f, &s);
  EXPECT_EQ(s.stolen, 2u);
  // A child spawned before the scope counts in the frame only: the scope never saw it.
  EXPECT_EQ(f.join, 0);
}

// The exit of a scope whose children that ran in parallel have all ended (each
// subtracted 1) returns at once, leaves the counter at 0 and the frame's epoch alone
// (children spawned before the scope may still run), and notes a kept exception.
TEST(Scope, ExitReturnsAtOnceWhenItsChildrenEnded) {
  DequeWorker d;
  sprig_frame f{};
  f.flags = SPRIG_FRAME_ENTERED | SPRIG_FRAME_STOLEN;
  f.steals = 3;  // one child before the scope, two in it
  f.join = -2;   // the two in the scope ended; the one before is still running
  sprig_scope s;
  sprig_scope_init(&s);
  s.stolen = 2;
  s.join = -2;
  __sprig_scope_suspend(&f, &s);
  EXPECT_EQ(s.join, 0);
  EXPECT_EQ(s.stolen, 0u);
  EXPECT_EQ(f.steals, 3u);
  EXPECT_EQ(f.join, -2);
  EXPECT_TRUE(sprig_frame_is_stolen(&f));
  EXPECT_FALSE(sprig_frame_has_exception(&f));
  // The record is reusable as it is (a loop around the scope): the next exit counts from 0.
  sprig_scope_before_spawn(&f, &s);
  f.steals++;
  sprig_scope_after_spawn(&f, &s);
  s.join -= 1;  // that child ended on another worker
  __sprig_scope_suspend(&f, &s);
  EXPECT_EQ(s.join, 0);
  EXPECT_EQ(s.stolen, 0u);
}

// A scope's child that threw with its parent not stolen sets the flag itself, as an
// ordinary child does (the scope's exit then rethrows).
TEST(Scope, ChildExceptionWithoutStealSetsTheFlag) {
  DequeWorker d;
  sprig_frame f{};
  f.flags = SPRIG_FRAME_ENTERED;
  sprig_scope s;
  sprig_scope_init(&s);
  EXPECT_EQ(sprig_detach(&f), 0u);
  __sprig_leave_helper_exc_scoped(&f, &s);  // the pop succeeds: not stolen
  EXPECT_TRUE(sprig_frame_has_exception(&f));
  EXPECT_EQ(s.join, 0);
}

// The record's layout is the one the plugin emits loads and stores at.
TEST(Scope, Layout) {
  EXPECT_EQ(sizeof(sprig_scope), 32u);
  EXPECT_EQ(offsetof(sprig_scope, join), 0u);
  EXPECT_EQ(offsetof(sprig_scope, stolen), 8u);
  EXPECT_EQ(offsetof(sprig_scope, mark), 12u);
}

// ---- ABI (issue 14): named flag tests, a hashed magic ----

// Each predicate tests its own bit whatever the others are; sync_is_slow is "stolen or
// holding an exception", the one test the inline sync and sprig_detach make.
TEST(Abi, FlagPredicates) {
  sprig_frame f{};
  for (uint32_t bits = 0; bits < 16; ++bits) {
    f.flags = bits;
    EXPECT_EQ(sprig_frame_is_stolen(&f), (bits & SPRIG_FRAME_STOLEN) ? 1 : 0) << bits;
    EXPECT_EQ(sprig_frame_has_exception(&f), (bits & SPRIG_FRAME_EXCEPTION) ? 1 : 0)
        << bits;
    EXPECT_EQ(sprig_frame_is_root(&f), (bits & SPRIG_FRAME_ROOT) ? 1 : 0) << bits;
    EXPECT_EQ(sprig_frame_is_entered(&f), (bits & SPRIG_FRAME_ENTERED) ? 1 : 0) << bits;
    EXPECT_EQ(sprig_frame_sync_is_slow(&f),
              sprig_frame_is_stolen(&f) || sprig_frame_has_exception(&f) ? 1 : 0)
        << bits;
  }
}

// The magic is a compile-time hash of its inputs, in order: unlike the weighted sum it
// replaced (7 * sizeof(frame) + 3 * offsetof(join) + offsetof(magic) + ...), two changes
// cannot cancel in the obvious ways, and swapping two values changes it.
TEST(Abi, MagicIsAHash) {
  constexpr uint32_t magic = SPRIG_ABI_MAGIC;  // a constant expression
  static_assert(sizeof(magic) == 4);
  EXPECT_NE(magic, 0u);
  EXPECT_LT(magic, 0x80000000u);  // a positive int32 (abi.h)
  // One input more or less changes the hash (each step is a bijection).
  EXPECT_NE(SPRIG_HASH_STEP(SPRIG_HASH_BASIS, 1), SPRIG_HASH_STEP(SPRIG_HASH_BASIS, 2));
  // Order matters.
  EXPECT_NE(SPRIG_HASH2(SPRIG_HASH_BASIS, 1, 2), SPRIG_HASH2(SPRIG_HASH_BASIS, 2, 1));
  // A frame one byte larger whose magic field moved down 7 bytes: the same sum, not the
  // same hash.
  EXPECT_NE(SPRIG_HASH2(SPRIG_HASH_BASIS, 88, 80), SPRIG_HASH2(SPRIG_HASH_BASIS, 89, 73));
}

// Frames no longer carry the magic (ABI 10): a slow path checks that the frame it is given
// was entered (check_frame), so a corrupt or foreign frame stops with a message instead
// of a jump into garbage. The check runs first in __sprig_sync_suspend.
TEST(AbiDeathTest, UnenteredFrameIsReported) {
  sprig_frame f{};  // flags 0: never entered
  EXPECT_DEATH(__sprig_sync_suspend(&f), "corrupt frame .* in sync_suspend .*not entered");
}

// ---- deque memory: one entry pushed and popped at a time must not walk the ring ----

// Every pop of a last public entry advances the indices; without the rebase the owner
// writes a new slot each time and touches its whole ring (8 MiB at the default depth).
// With it the slots written stay within the first SPRIG_DEQUE_REBASE_SLOTS (+ nesting).
// (Private entries pushed and popped one at a time never move the indices.)
TEST(Deque, LoneEntryDoesNotWalkTheRing) {
  struct Restore {
    ~Restore() {
      sprig::g.settings.lone_entry_ns = sprig::config::kLoneEntryNs;
      sprig::set_self(nullptr);
    }
  } restore;
  sprig::g.settings.lone_entry_ns = 0;  // publish every requested entry
  const std::size_t depth = 1u << 16;
  std::vector<sprig_frame *> ring(depth);
  Worker w{}, thief{};
  sprig::set_self(&w);
  w.abi.buf = ring.data();
  w.abi.mask = static_cast<int64_t>(depth - 1);
  w.abi.limit = w.abi.mask;
  sprig_frame f{};
  int64_t highest_slot = 0;
  sprig::DequeLook look;
  for (int i = 0; i < 60000; ++i) {
    highest_slot = std::max<int64_t>(highest_slot, w.abi.bottom & w.abi.mask);
    sprig_deque_push(sprig::as_abi(&w), &f);
    if (i % 3 == 0) {  // sometimes a thief asks, and takes it at the next spawn
      sprig_frame *stolen = nullptr;
      ASSERT_EQ(sprig::steal_or_ask(&thief, &w, &stolen, &look), SPRIG_STEAL_EMPTY);
      ASSERT_EQ(sprig_deque_pop(sprig::as_abi(&w)), 1);
      sprig_deque_push(sprig::as_abi(&w), &f);  // published
      ASSERT_EQ(sprig::steal_or_ask(&thief, &w, &stolen, &look), SPRIG_STEAL_WON);
      ASSERT_EQ(stolen, &f);
      ASSERT_EQ(sprig_deque_pop(sprig::as_abi(&w)), 0);
    } else {
      ASSERT_EQ(sprig_deque_pop(sprig::as_abi(&w)), 1);
    }
    ASSERT_EQ(w.abi.top, w.abi.bottom);
  }
  EXPECT_GT(w.abi.top, static_cast<int64_t>(depth));  // the indices did go round
  EXPECT_LE(highest_slot, SPRIG_DEQUE_REBASE_SLOTS);
  EXPECT_EQ(SPRIG_DEQUE_REBASE_SLOTS, static_cast<int>(sprig::config::kDequeRebaseSlots));
  // Stale top values never come back (no ABA): a steal with an old top fails.
  int64_t old_top = w.abi.top - 1;
  EXPECT_FALSE(__atomic_compare_exchange_n(&w.abi.top, &old_top, old_top + 1, false,
                                           __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
}

// ---- exceptions: kept without allocation ----

// The kept exception's child number lives in the adjustedPtr word of the C++ runtime's
// exception header: check that the offset is that word (after a catch it holds the
// adjusted pointer, i.e. the object itself for a class type caught by reference).
TEST(Exceptions, ChildSlotIsTheAdjustedPointer) {
  struct E {
    int v = 7;
  };
  std::exception_ptr p;
  void *obj = nullptr;
  try {
    throw E{};
  } catch (E &e) {
    obj = &e;
    p = std::current_exception();
  }
  ASSERT_TRUE(p);
  uintptr_t *slot = sprig::exception_child_slot_for_test(p);
  EXPECT_EQ(reinterpret_cast<void *>(*slot), obj);
  EXPECT_EQ(*reinterpret_cast<void **>(&p), obj);  // exception_ptr holds the object
}

// ---- floating-point control state ----

// The state saved at a spawn (SPRIG_FP_SAVE) and restored by a thief (fpstate.h) is the
// rounding mode that fesetround set.
TEST(FpState, SaveRestoreRoundTrip) {
  sprig_frame f{};
  int old = std::fegetround();
  ASSERT_EQ(std::fesetround(FE_UPWARD), 0);
  SPRIG_FP_SAVE(&f);
  ASSERT_EQ(std::fesetround(FE_TONEAREST), 0);
  sprig::fp_restore_frame(&f);
  EXPECT_EQ(std::fegetround(), FE_UPWARD);
  volatile double one = 1.0, three = 3.0;
  double up = one / three;
  std::fesetround(FE_DOWNWARD);
  double down = one / three;
  EXPECT_GT(up, down);
  std::fesetround(old);
}

}  // namespace
