//===- runtime/config.h - every tunable of the runtime, in one place ------===//
//
// Compile-time defaults; the SPRIG_* environment variables (runtime/env.cpp) override
// the ones marked [env]. Units are in the names.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstddef>

namespace sprig::config {

// Cache line used to keep thief-written and owner-written state apart. 128 bytes, not 64:
// the adjacent-line prefetcher of x86 cores pairs lines.
inline constexpr std::size_t kCacheLine = 128;

// [env SPRIG_NWORKERS] default: CPUs in the process's affinity mask.
inline constexpr int kMaxWorkers = 1024;

// Root slots: application threads that may run root computations at the same time, each
// as an extra worker with its own deque. A thread that finds none free runs its root
// computation serially on a private worker (correct, only not parallel).
inline constexpr int kMaxRoots = 256;

// [env SPRIG_STACKSIZE] size of each fiber (stack of a stolen continuation), bytes.
inline constexpr std::size_t kDefaultStackBytes = 1u << 20;  // 1 MiB, as cheetah
inline constexpr std::size_t kMinStackBytes = 64u << 10;     // 64 KiB
inline constexpr std::size_t kMaxStackBytes = 1u << 30;      // 1 GiB
// Guard region below each fiber (PROT_NONE, rounded up to whole pages); touching it is a
// reported stack overflow. One page is not enough: a function whose frame is larger than
// the guard moves the stack pointer past it, and its first write lands in whatever lies
// below, typically the neighbouring fiber (silently). Code built by sprig++ probes every
// page of a frame larger than a page (-fstack-clash-protection), so any frame size faults
// in the guard; the 64 KiB cover code built without probes (libraries, plain clang++)
// for frames up to that size. Address space only: PROT_NONE pages cost no memory.
inline constexpr std::size_t kGuardBytes = 64u << 10;
// A fault this far below the lowest byte of the stack a worker runs on (a fiber, or a
// thread's own stack: the kernel leaves a 1 MiB gap below a growing main stack), or with
// the stack pointer below that byte, is reported as a stack overflow of that stack.
inline constexpr std::size_t kOverflowWindowBytes = 2u << 20;
// Main thread stack size assumed when RLIMIT_STACK is unlimited and /proc cannot be read
// (the bounds of the main thread's stack are then computed from the auxiliary vector).
inline constexpr std::size_t kUnlimitedMainStackBytes = std::size_t(1) << 32;  // 4 GiB
// Bytes left free at the top of a fresh fiber before a stolen continuation's stack
// pointer: room for outgoing stack arguments addressed from %rsp upward (Cilk Plus
// reserved 256).
inline constexpr std::size_t kFiberTopReserve = 256;

// [env SPRIG_DEQUE_DEPTH] entries of each worker's deque = deepest spawn nesting on one
// worker. Virtual memory, touched as used. The deep-chain test nests 20000.
inline constexpr std::size_t kDefaultDequeDepth = 1u << 20;
// The owner of an emptied deque whose indices have walked this many slots into the ring
// moves both to the start of the next lap (sprig_deque_rebase in sprig/deque.h), so a
// worker that spawns and pops one entry at a time touches only the first pages of its
// ring. Must equal SPRIG_DEQUE_REBASE_SLOTS (the inline code's copy; abi_layout.cpp).
inline constexpr std::size_t kDequeRebaseSlots = 4096;  // 32 KiB of slots

// Fibers a worker keeps for reuse before returning them to the global pool.
inline constexpr int kLocalFiberPool = 8;

// Idle policy. A worker that finds nothing to steal spins: kSpinRounds failed rounds
// with a pause each (a failed round reads only the victim's thieves' line, and, to ask,
// writes its owner's line once per request, so spinning costs the victims nothing).
// Then, with no more workers than CPUs, it goes on spinning, with no system call, until
// it has been idle kIdleSpinNs: a computation made of many short parallel phases (a
// stencil's steps, a parallel loop per time step, a few hundred microseconds each)
// finds its workers awake at the next phase instead of paying a futex wake-up (tens of
// microseconds to milliseconds on a VM) per phase, and a steal-heavy program makes no
// system call between its steals. Only then does it sleep on its futex, with a timeout
// (below), so a lost wake-up costs at most that long. This is the spin-then-park rule
// with the window set to about the cost of a park and wake-up on a VM measured by
// bench/wakeup (docs/performance.md), so an idle worker burns at most that much more CPU
// than an oracle would.
inline constexpr int kSpinRounds = 1024;
inline constexpr long kIdleSpinNs = 2'000'000;  // 2 ms
// With more workers than CPUs (SPRIG_NWORKERS above the affinity mask), a spinning idle
// worker takes its core from a worker that has work: spin only kSpinRoundsOversubscribed
// rounds, then yield kYieldRounds times (each gives the CPU to a worker that has work),
// then sleep.
inline constexpr int kSpinRoundsOversubscribed = 4;
inline constexpr int kYieldRounds = 64;
inline constexpr long kSleepTimeoutNs = 20'000'000;  // 20 ms
// Each timeout in a row doubles the next, up to kSleepTimeoutNs << kSleepBackoffSteps
// (160 ms): a long idle stretch wakes each worker about 6 times a second, not 50.
inline constexpr unsigned kSleepBackoffSteps = 3;

// An owner asked for work whose only private entry is the one it has just pushed
// publishes it only if the request came at least this long before (the child it ran
// meanwhile was long); otherwise it is a loop spawning tiny tasks, which pushes and pops
// that entry every few nanoseconds, and a thief that took the loop's continuation would
// get one tiny child's worth of parallelism for a steal (then the next, one steal per
// iteration). The owner declines, and the thief backs off (runtime/deque.cpp, serve).
inline constexpr long kLoneEntryNs = 1'000;  // 1 us
// A declined request makes the thief pause before its next look: kChurnBackoffPauses at
// first, doubling with each decline in a row up to kChurnBackoffMaxPauses (about 160 us
// at 20 ns a pause), back to the start after a look worth a steal or a request. Each
// request costs the owner a slow pop and a slow push; the cap bounds how late a thief
// notices that such an owner started a long child.
inline constexpr int kChurnBackoffPauses = 64;
inline constexpr int kChurnBackoffMaxPauses = 8192;

// A request for work that the victim has left unanswered this long (it ran that long
// without a spawn or a return from a spawned child, e.g. a loop whose children run
// long) is forced: a thief takes the oldest private entry itself, paying one
// process-wide barrier (sprig/deque.h). Shorter: loops of long children spread faster;
// longer: fewer barriers, each of which interrupts every running worker (a few us on a
// VM, where an interrupt is a hypervisor exit).
inline constexpr long kForceStealAfterNs = 50'000;  // 50 us
// ... and process-wide, forced steals start at least this far apart, which bounds the
// barriers' cost to every worker whatever the number of thieves and victims.
inline constexpr long kForceStealSpacingNs = 20'000;  // 20 us
// SPRIGTEST_STRESS (tests only): an owner in a slow path of its deque (runtime/deque.cpp)
// or suspending at a sync gives up its CPU with probability 1/kStressYieldOneIn.
inline constexpr unsigned kStressYieldOneIn = 4;
// Close-first victim choice (runtime/victims.cpp; only under SPRIG_BIND=close or spread,
// where each worker's CPU is known): a thief makes kVictimLlcPicks picks among the workers
// that share its last-level cache, then kVictimNodePicks among those of its NUMA node,
// then kVictimAnyPicks among all victims (root slots included), and starts over; a won
// steal starts it over too. Close first because a stolen frame's data is likely still in
// the cache the thief shares with its victim, and in memory local to its node. The
// uniform picks keep far work and root slots within a few picks of every thief. The
// counts are a first guess, not yet tuned on a machine with several LLCs or nodes.
inline constexpr unsigned kVictimLlcPicks = 4;
inline constexpr unsigned kVictimNodePicks = 2;
inline constexpr unsigned kVictimAnyPicks = 2;

// [env SPRIG_SCALE_BURDEN] The work/span profiler (docs/scale.md) charges each spawn's
// continuation the cost of a steal, in instructions of the profiler's clock. Measured
// on the bench VM: a steal costs about 50 us (BM_steal_roundtrip 52.9 us; the thief's
// membarrier while the victim computes, docs/performance.md "Observations"), and the
// instrumented code runs about 5 counted instructions per ns (fib 5.8, nqueens 6.1,
// cilksort 3.5; matmul's vector code 14): 50 us x 5/ns = 250,000. On bare metal, where
// the barrier takes a few us, about 20,000 would be the figure (SPRIG_SCALE_BURDEN).
inline constexpr unsigned long long kScaleBurdenInsns = 250000;

}  // namespace sprig::config
