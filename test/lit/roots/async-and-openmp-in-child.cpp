// std::async, and an OpenMP loop inside a spawned child, whose threads call spawning
// functions while a Sprig computation waits for them; also outside any computation.
// REQUIRES: openmp
// RUN: %clangxx -O2 -Wno-unknown-attributes -fopenmp -pthread %s -o %t.serial
// RUN: %sprigxx -O2 -fopenmp %s -o %t.par
// RUN: env SPRIGTEST_RUN_REPEAT=5 %run_p %t.serial %t.par 0 | FileCheck %s --check-prefix=ASYNC
// RUN: env SPRIGTEST_RUN_REPEAT=5 %run_p %t.serial %t.par 1 | FileCheck %s --check-prefix=OMP
// ASYNC: outside: 610
// ASYNC: inside: 610 55
// OMP: outside: 220
// OMP: inside: 220 55
#include <cstdio>
#include <cstdlib>
#include <future>
#include "../exec/Inputs/pfib.h"
long with_async() {
  auto f = std::async(std::launch::async, pfib, 15);
  return f.get();
}
long with_omp() {
  long s = 0;
#pragma omp parallel for reduction(+ : s) num_threads(2)
  for (int i = 0; i < 4; ++i)
    s += pfib(10);
  return s;
}
long pick(int mode) { return mode == 0 ? with_async() : with_omp(); }
int main(int argc, char **argv) {
  int mode = std::atoi(argv[1]);
  long x = pick(mode);  // outside any Sprig computation
  std::printf("outside: %ld\n", x);
  std::fflush(stdout);
  long a, b;
  [[sprig::spawn]] a = pick(mode);  // inside one
  b = pfib(10);
  [[sprig::sync]];
  std::printf("inside: %ld %ld\n", a, b);
}
