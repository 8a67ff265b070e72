// bench/micro/tbb.cpp - the TBB counterpart of BM_spawn_sync in sprig.cpp, for scale:
// a task_group that runs one empty task and waits for it, on one thread (no thief).
// Run: TBB_NUM_THREADS=1 ./micro_tbb
#include "../common/tbb_setup.hpp"
#include <benchmark/benchmark.h>

__attribute__((noinline)) void empty() { __asm__ volatile(""); }

static void BM_tbb_run_wait(benchmark::State &st) {
  for (auto _ : st) {
    tbb::task_group g;
    g.run([] { empty(); });
    g.wait();
  }
}
BENCHMARK(BM_tbb_run_wait);

int main(int argc, char **argv) {
  auto gc = bench::tbb_setup();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
