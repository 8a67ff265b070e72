// bench/micro/omp.cpp - the OpenMP counterpart of BM_spawn_sync in sprig.cpp, for scale:
// one empty task and a taskwait, in a team of OMP_NUM_THREADS threads. With one thread
// libomp runs a task at once, undeferred (as it does at P=1 in the suite); with two,
// the task is queued and the taskwait runs it unless the other thread took it first.
// Run: OMP_NUM_THREADS=1 ./micro_omp
#include <benchmark/benchmark.h>
#include <omp.h>

__attribute__((noinline)) void empty() { __asm__ volatile(""); }

static void BM_omp_task_taskwait(benchmark::State &st) {
#pragma omp parallel
#pragma omp single
  for (auto _ : st) {
#pragma omp task
    empty();
#pragma omp taskwait
  }
}
BENCHMARK(BM_omp_task_taskwait);

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
