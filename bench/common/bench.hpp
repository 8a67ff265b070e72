// bench/common/bench.hpp - what every benchmark program shares: the kernel timer, the
// machine-readable report, the loud failure, and the thread count for TBB.
//
// Every program of the suite prints exactly these lines on stdout (bench.sh parses them):
//   BENCH <benchmark> <competitor>
//   RESULT <integer>      the answer; the same for every competitor of one benchmark
//   TIME <seconds>        wall time of the kernel only (no input set-up, no check)
// and aborts with "FAIL <benchmark> <competitor>: ..." on stderr if its answer is wrong.
#pragma once
#include <chrono>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>
#ifdef __SPRIG__
#include <sprig/scale.h>
#endif

namespace bench {

using Clock = std::chrono::steady_clock;

// In a Sprig build the kernel is also a profiler region, "kernel" (sprig/scale.h): with
// sprig++ --scale its work and span go to the report (bench.sh reads them); in the
// ordinary build the probe reports nothing unless SPRIG_SCALE_OUT is set.
#ifdef __SPRIG__
inline sprig_wsp_t &kernel_start() {
  static sprig_wsp_t w;
  return w;
}
#endif

inline Clock::time_point now() {
#ifdef __SPRIG__
  kernel_start() = sprig_getworkspan();
#endif
  return Clock::now();
}

inline double seconds_since(Clock::time_point t0) {
  double s = std::chrono::duration<double>(Clock::now() - t0).count();
#ifdef __SPRIG__
  sprig_wsp_dump(sprig_wsp_sub(sprig_getworkspan(), kernel_start()), "kernel");
#endif
  return s;
}

// Stops the program loudly: a wrong answer must never become a number in a table.
[[noreturn]] __attribute__((format(printf, 3, 4))) inline void
fail(const char *benchmark, const char *competitor, const char *fmt, ...) {
  std::fflush(stdout);
  std::fprintf(stderr, "FAIL %s %s: ", benchmark, competitor);
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
  std::fputc('\n', stderr);
  std::abort();
}

inline void report(const char *benchmark, const char *competitor, long long result,
                   double seconds) {
  std::printf("BENCH %s %s\nRESULT %lld\nTIME %.6f\n", benchmark, competitor, result,
              seconds);
  std::fflush(stdout);
}

// Optional first argument: an integer that overrides the suite's input size.
inline long arg_or(int argc, char **argv, long dflt) {
  if (argc < 2)
    return dflt;
  char *end = nullptr;
  long v = std::strtol(argv[1], &end, 10);
  if (end == argv[1] || *end || v < 0) {
    std::fprintf(stderr, "usage: %s [size]  (size: a non-negative integer)\n", argv[0]);
    std::exit(2);
  }
  return v;
}

// Threads for the TBB competitors: TBB_NUM_THREADS (set by scripts/bench.sh next to
// SPRIG_NWORKERS and OMP_NUM_THREADS), else every hardware thread.
inline int tbb_threads() {
  if (const char *e = std::getenv("TBB_NUM_THREADS")) {
    int v = std::atoi(e);
    if (v < 1) {
      std::fprintf(stderr, "invalid TBB_NUM_THREADS='%s'\n", e);
      std::exit(2);
    }
    return v;
  }
  unsigned h = std::thread::hardware_concurrency();
  return h ? static_cast<int>(h) : 1;
}

// splitmix64 (Steele, Lea, Flood 2014): the one hash/generator the suite uses for inputs.
inline uint64_t mix64(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct Rng {  // sequential splitmix64
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() { return mix64(s += 0x9E3779B97F4A7C15ull); }
};

}  // namespace bench
