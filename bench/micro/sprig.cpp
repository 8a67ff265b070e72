// bench/micro/sprig.cpp - Google Benchmark microbenchmarks of Sprig's spawn and steal.
//
// Run the spawn benchmarks with SPRIG_NWORKERS=1 (no thief: no spawn is ever stolen, so
// they measure the fast path alone), the steal benchmark with SPRIG_NWORKERS=2:
//   SPRIG_NWORKERS=1 ./micro_sprig --benchmark_filter='call|spawn|reducer|fib'
//   SPRIG_NWORKERS=2 SPRIG_STATS=1 ./micro_sprig --benchmark_filter=steal
//
// What each one times, per iteration:
//   BM_call                 a call of an empty noinline function (the baseline)
//   BM_call_wrapper         a call of a noinline function that calls it (the baseline for
//                           BM_spawning_call: a function that makes one call)
//   BM_spawn_sync           [[sprig::spawn]] empty(); [[sprig::sync]]; in a loop inside one
//                           spawning function: capture the continuation (setjmp), call the
//                           helper, push/pop the deque, the call, the sync's flag test
//   BM_spawn_only           the same spawn, one sync after the whole loop
//   BM_spawning_call        a call of a spawning function that does spawn empty(); sync:
//                           BM_spawn_sync plus entering and leaving a spawning frame, i.e.
//                           what each call of fib pays
//   BM_root_call            the same call from a thread that is no worker (the benchmark's
//                           own thread, outside any spawning frame): each call binds the
//                           thread as a root worker and unbinds it at the exit, which
//                           includes filling the thread's stack record (cached per thread:
//                           test/runtime/hardening_test.cpp checks that the cache is used)
//   BM_reducer_sum_double   a [[sprig::parallel_for]] over 2^16 doubles (in cache) adding
//                           each to a sprig::reducer<op_add<double>>: one iteration is
//                           the whole loop (report.py divides by the 2^16 updates)
//   BM_reducer_sum_exact    the same with op_add_exact<double> (the exact sum, rounded
//                           once: <sprig/exact_sum.h>)
//   BM_fib_calls            fib(20) with a real call per node (noinline, no tail calls)
//   BM_fib_external         fib(20) spawning fib(n-1), the function with external linkage
//   BM_fib_static           the same with a static function
//   BM_fib_indirect         the same spawning through a function pointer
//   BM_steal_roundtrip      one forced steal: the parent spawns a child that spins until
//                           the parent's continuation has run on another worker; the
//                           continuation releases the child and reaches the sync, which
//                           waits for the child; then the frame returns. So one iteration
//                           is exactly one steal plus one suspended sync and the join, and
//                           includes the thief's latency in finding the work (it polls
//                           with pause, then sched_yield, then sleeps until woken). The
//                           program prints its count of stolen iterations at exit, and
//                           SPRIG_STATS=1 the runtime's steal count, to cross-check.
//                           Counter to_thief_ns: the mean time from the spawn to the
//                           continuation's start on the thief.
#include <atomic>
#include <benchmark/benchmark.h>
#include <chrono>
#include <cstdio>
#include <sprig/reducer.h>
#include <vector>

__attribute__((noinline)) void empty() { __asm__ volatile(""); }
__attribute__((noinline)) void call_wrapper() {
  empty();
  __asm__ volatile("");
}

static void BM_call(benchmark::State &st) {
  for (auto _ : st)
    empty();
}
BENCHMARK(BM_call);

static void BM_call_wrapper(benchmark::State &st) {
  for (auto _ : st)
    call_wrapper();
}
BENCHMARK(BM_call_wrapper);

// The benchmark function is itself the spawning function: it enters its frame once.
static void BM_spawn_sync(benchmark::State &st) {
  for (auto _ : st) {
    [[sprig::spawn]] empty();
    [[sprig::sync]];
  }
}
BENCHMARK(BM_spawn_sync);

static void BM_spawn_only(benchmark::State &st) {
  for (auto _ : st) {
    [[sprig::spawn]] empty();
  }
  [[sprig::sync]];
}
BENCHMARK(BM_spawn_only);

void spawn_one() {
  [[sprig::spawn]] empty();
  [[sprig::sync]];
}

static void loop_spawn_one(benchmark::State &st) {
  for (auto _ : st)
    spawn_one();
}

// Called from inside a spawning frame (this one), so that spawn_one's entry takes the
// fast path: the thread is a worker already. A thread that is not a worker entering a
// spawning function binds itself as worker 0 and unbinds at the exit (a slow path).
static void BM_spawning_call(benchmark::State &st) {
  [[sprig::spawn]] loop_spawn_one(st);
  [[sprig::sync]];
}
BENCHMARK(BM_spawning_call);

// No spawning frame around the loop: every spawn_one() is a root entry and exit.
static void BM_root_call(benchmark::State &st) {
  for (auto _ : st)
    spawn_one();
}
BENCHMARK(BM_root_call);

// ---- fib(20) by the kind of function spawned, against a call per node ----
// One iteration is one fib(20) (10,945 spawning nodes), called on a worker (the loop is
// spawned, as in BM_spawning_call): T_1 / T_calls of each kind. The kinds the spawn
// path treats apart (docs/performance.md, "The fast spawn for every kind of callee"):
// a function with external linkage, a static one (internal: the optimiser may change its
// prototype), and a call through a function pointer.
volatile long fib_n = 20;  // read at each iteration: no call is hoisted or folded

__attribute__((noinline, disable_tail_calls)) long fib_calls(long n) {
  if (n < 2)
    return n;
  long x, y;
  x = fib_calls(n - 1);
  y = fib_calls(n - 2);
  return x + y;
}

long fib_external(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib_external(n - 1);
  y = fib_external(n - 2);
  [[sprig::sync]];
  return x + y;
}

static long fib_static(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib_static(n - 1);
  y = fib_static(n - 2);
  [[sprig::sync]];
  return x + y;
}

long fib_indirect(long n);
long (*volatile fib_indirect_ptr)(long) = fib_indirect;
long fib_indirect(long n) {
  if (n < 2)
    return n;
  long x, y;
  long (*f)(long) = fib_indirect_ptr;
  [[sprig::spawn]] x = f(n - 1);
  y = fib_indirect(n - 2);
  [[sprig::sync]];
  return x + y;
}

template <long (*Fib)(long)> void loop_fib(benchmark::State &st) {
  for (auto _ : st)
    benchmark::DoNotOptimize(Fib(fib_n));
}
static void BM_fib_calls(benchmark::State &st) { loop_fib<fib_calls>(st); }
BENCHMARK(BM_fib_calls);
static void BM_fib_external(benchmark::State &st) {
  [[sprig::spawn]] loop_fib<fib_external>(st);
  [[sprig::sync]];
}
BENCHMARK(BM_fib_external);
static void BM_fib_static(benchmark::State &st) {
  [[sprig::spawn]] loop_fib<fib_static>(st);
  [[sprig::sync]];
}
BENCHMARK(BM_fib_static);
static void BM_fib_indirect(benchmark::State &st) {
  [[sprig::spawn]] loop_fib<fib_indirect>(st);
  [[sprig::sync]];
}
BENCHMARK(BM_fib_indirect);

// ---- reducers: a floating-point sum, rounded at every update or exactly ----

static const std::vector<double> &sum_terms() {
  static const std::vector<double> v = [] {
    std::vector<double> t(1 << 16);
    for (size_t i = 0; i < t.size(); ++i)  // both signs, a few decades
      t[i] = ((static_cast<long>(i * 7919) % 1000) - 300) * 1.37e-3 * (1 + i % 17);
    return t;
  }();
  return v;
}

template <class Op> static void reducer_sum(benchmark::State &st) {
  const std::vector<double> &t = sum_terms();
  const long n = static_cast<long>(t.size());
  for (auto _ : st) {
    sprig::reducer<Op> s;
    [[sprig::parallel_for]] for (long i = 0; i < n; ++i)
      *s += t[i];
    double v = s.get_value();
    benchmark::DoNotOptimize(v);
  }
  st.counters["updates"] = static_cast<double>(n);
}
static void BM_reducer_sum_double(benchmark::State &st) {
  reducer_sum<sprig::op_add<double>>(st);
}
BENCHMARK(BM_reducer_sum_double);
static void BM_reducer_sum_exact(benchmark::State &st) {
  reducer_sum<sprig::op_add_exact<double>>(st);
}
BENCHMARK(BM_reducer_sum_exact);

// ---- steal ----

static std::atomic<int> continuation_ran{0};
static long stolen_iterations = 0;
static bool steal_timed_out = false;
// Time from just before the spawn to the continuation's start on the thief, summed over
// the iterations of one benchmark run (written only by the continuation, which runs on
// one worker at a time; read after the sync).
static std::chrono::steady_clock::time_point spawn_time;
static double to_thief_ns = 0;

// Spins until the parent's continuation has run (at most 1 s: with one worker, nobody
// steals it).
__attribute__((noinline)) void wait_for_thief() {
  int spins = 0;
  auto t0 = std::chrono::steady_clock::now();
  while (!continuation_ran.load(std::memory_order_acquire)) {
    __builtin_ia32_pause();
    if (++spins == 4096) {
      spins = 0;
      if (std::chrono::steady_clock::now() - t0 > std::chrono::seconds(1)) {
        steal_timed_out = true;
        return;
      }
    }
  }
}

void steal_once() {
  continuation_ran.store(0, std::memory_order_relaxed);
  spawn_time = std::chrono::steady_clock::now();
  [[sprig::spawn]] wait_for_thief();
  // Runs only after a thief took the continuation (the child has not returned yet).
  to_thief_ns += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() -
                                                          spawn_time)
                     .count();
  continuation_ran.store(1, std::memory_order_release);
  [[sprig::sync]];
}

static void loop_steal(benchmark::State &st) {
  to_thief_ns = 0;
  for (auto _ : st) {
    steal_once();
    if (steal_timed_out) {
      st.SkipWithError("no steal within 1 s: run with SPRIG_NWORKERS >= 2");
      break;
    }
    ++stolen_iterations;
  }
  // Mean time from the spawn to the continuation running on the thief: the part of the
  // round trip spent waiting for a thief (the rest is the join back).
  st.counters["to_thief_ns"] =
      benchmark::Counter(to_thief_ns, benchmark::Counter::kAvgIterations);
}

static void BM_steal_roundtrip(benchmark::State &st) {
  [[sprig::spawn]] loop_steal(st);
  [[sprig::sync]];
}
BENCHMARK(BM_steal_roundtrip)->UseRealTime();

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (stolen_iterations)
    std::fprintf(stderr, "micro: BM_steal_roundtrip ran %ld forced-steal iterations\n",
                 stolen_iterations);
  return 0;
}
