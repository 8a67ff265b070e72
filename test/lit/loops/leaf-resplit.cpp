// A leaf whose range is heavy splits what it has left while a worker looks for work
// (plugin/ParallelLoops.cpp, the driver's leaf): every iteration still runs exactly
// once, in a leaf of at most `grain` iterations, the first exception in iteration order
// still wins, and the results are the serial elision's at P = 1, 2, 4, 8 and -O0..-O3.
// The loops have a large grain and their work grows along the range, so at P >= 2 the
// last leaves are long while the other workers are idle (the case the split is for).
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: runs 40000 once 1 sum {{[0-9]+}}
// CHECK-NEXT: caught at 29999 after 29999 of the first 30000
// CHECK-NEXT: grain 1: runs 300 once 1
#include <cstdio>
#include <stdexcept>
#include <vector>

static unsigned long spin(long k) {  // work that grows with k
  unsigned long h = static_cast<unsigned long>(k);
  for (long j = 0; j < k / 64; ++j)
    h = h * 6364136223846793005ul + 1442695040888963407ul;
  return h;
}

int main() {
  const long n = 40000;
  std::vector<int> ran(n, 0);
  std::vector<unsigned long> out(n, 0);
  [[sprig::parallel_for]] [[sprig::grainsize(4096)]] for (long i = 0; i < n; ++i) {
    ran[i] += 1;
    out[i] = spin(i);
  }
  long runs = 0;
  bool once = true;
  unsigned long sum = 0;
  for (long i = 0; i < n; ++i) {
    runs += ran[i];
    once &= ran[i] == 1;
    sum += out[i];
  }
  std::printf("runs %ld once %d sum %lu\n", runs, once, sum);

  // An exception late in a heavy leaf: the first in iteration order reaches the caller.
  std::vector<int> done(n, 0);
  try {
    [[sprig::parallel_for]] [[sprig::grainsize(4096)]] for (long i = 0; i < n; ++i) {
      spin(i);
      if (i == 29999 || i == 39999)
        throw std::runtime_error(std::to_string(i));
      done[i] = 1;
    }
  } catch (const std::runtime_error &e) {
    long first = 0;
    for (long i = 0; i < 30000; ++i)
      first += done[i];
    std::printf("caught at %s after %ld of the first 30000\n", e.what(), first);
  }

  std::vector<int> one(300, 0);
  [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (int i = 0; i < 300; ++i) one[i] += 1;
  long r1 = 0;
  bool o1 = true;
  for (int x : one)
    r1 += x, o1 &= x == 1;
  std::printf("grain 1: runs %ld once %d\n", r1, o1);
}
