// bench/wakeup/sprig.cpp - wake-up latency: how long work pushed by a busy worker waits
// while every other worker is asleep, until a woken worker runs it.
//
// One sample: the thread that runs the loop (a worker) sleeps SLEEP_MS, long enough for
// every other worker to pass its spin and yield phases and sleep on the runtime's futex
// (docs/design.md, "Idle"); then it reads t0 (steady_clock), spawns a child that spins
// until a flag is set, and the continuation after the spawn, which only another worker
// can run (the spawning worker is busy in the child), reads t1 and sets the flag. The
// sample is t1 - t0: the push, the wake-up of a sleeper, its steal and the resumption of
// the continuation on it. Prints
//   BENCH wakeup sprig
//   WORKERS <SPRIG_NWORKERS or ->  SLEEP_MS <the sleep before each sample>
//   SAMPLE_US <microseconds>        one line per sample
//   TIMEOUTS <n>                     samples where no thief came within 1 s (not samples)
//   MEDIAN_US <x>  P90_US <x>        (nearest rank)
// bench.sh runs it at every P >= 2 of BENCH_PS; report.py recomputes the statistics from
// the SAMPLE_US lines. Needs at least 2 workers (with one, nobody steals: every sample
// times out).
//
// Usage: wakeup_sprig [samples (40) [sleep_ms (100)]]. The default sleep is 100 ms and not
// a round 50-60: an idle worker's futex wait times out now and then (docs/design.md), and
// a timeout that happens to fall just before t0 would find a worker awake; 100 ms falls
// well inside one of those waits rather than at its edge.
#include "../common/bench.hpp"
#include "../common/sprig_setup.hpp"
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

namespace {

std::atomic<int> released{0};
bool timed_out = false;

// Spins until the continuation has run on another worker (at most 1 s).
__attribute__((noinline)) void spin_until_released() {
  auto t0 = bench::Clock::now();
  int spins = 0;
  while (!released.load(std::memory_order_acquire)) {
    __builtin_ia32_pause();
    if (++spins == 4096) {
      spins = 0;
      if (bench::Clock::now() - t0 > std::chrono::seconds(1)) {
        timed_out = true;
        return;
      }
    }
  }
}

// One sample, in microseconds; negative if no thief came (the child gave up).
__attribute__((noinline)) double one_sample() {
  released.store(0, std::memory_order_relaxed);
  timed_out = false;
  auto t0 = bench::Clock::now();
  [[sprig::spawn]] spin_until_released();
  auto t1 = bench::Clock::now();  // the continuation, on the thief (unless timed out)
  released.store(1, std::memory_order_release);
  [[sprig::sync]];
  if (timed_out)
    return -1;
  return std::chrono::duration<double, std::micro>(t1 - t0).count();
}

__attribute__((noinline)) void sample_loop(long n, long sleep_ms, std::vector<double> *out,
                                           long *timeouts) {
  for (long i = 0; i < n; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
    double us = one_sample();
    if (us < 0)
      ++*timeouts;
    else
      out->push_back(us);
  }
}

// The loop runs inside a spawning frame, on a worker: each sample's spawn is then an
// ordinary push by a worker, not the first spawn of a thread entering the pool.
void run(long n, long sleep_ms, std::vector<double> *out, long *timeouts) {
  [[sprig::spawn]] sample_loop(n, sleep_ms, out, timeouts);
  [[sprig::sync]];
}

double nearest_rank(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  size_t k = static_cast<size_t>(std::ceil(q * static_cast<double>(v.size())));
  return v[k ? k - 1 : 0];
}

}  // namespace

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, 40);
  long sleep_ms = 100;
  if (argc > 2) {
    char *end = nullptr;
    sleep_ms = std::strtol(argv[2], &end, 10);
    if (end == argv[2] || *end || sleep_ms < 0)
      bench::fail("wakeup", "sprig", "usage: %s [samples [sleep_ms]]", argv[0]);
  }
  if (n < 1)
    bench::fail("wakeup", "sprig", "need at least one sample");
  bench::sprig_warmup();
  std::vector<double> us;
  long timeouts = 0;
  run(n, sleep_ms, &us, &timeouts);
  const char *w = std::getenv("SPRIG_NWORKERS");
  std::printf("BENCH wakeup sprig\nWORKERS %s\nSLEEP_MS %ld\n", w ? w : "-", sleep_ms);
  for (double x : us)
    std::printf("SAMPLE_US %.3f\n", x);
  std::printf("TIMEOUTS %ld\n", timeouts);
  if (!us.empty())
    std::printf("MEDIAN_US %.3f\nP90_US %.3f\n", nearest_rank(us, 0.5),
                nearest_rank(us, 0.9));
  return us.empty() ? 1 : 0;
}
