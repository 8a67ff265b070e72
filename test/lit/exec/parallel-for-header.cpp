// sprig::parallel_for (<sprig/parallel_for.h>, issue 16's library form) against its serial
// elision at -O0..-O3 and P=1,2,4,8: integer ranges (the default grain, grain 1,
// unsigned, the top and bottom of int), empty and one-trip ranges, iterators and
// pointers, nested loops, a body that spawns and syncs, and exceptions (the first in
// iteration order reaches the caller; every iteration before it has run), and a callable
// returning sprig::loop_break.
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK: ints -4544477248625834224
// CHECK: grain1 6000 top 5050 bottom 1225
// CHECK: trips 3
// CHECK: iterators 35000
// CHECK: nested 4064256 spawning 21300
// CHECK: caught iteration 700, at least the 701 before: 1
// CHECK: caught iteration 700, at least the 701 before: 1
// CHECK: caught iteration 700, at least the 701 before: 1
// CHECK: loop_break: the 1235 up to it ran: 1235
// CHECK: loop_break: the 1235 up to it ran: 1235
#include <atomic>
#include <climits>
#include <cstdio>
#include <stdexcept>
#include <vector>
#include <sprig/parallel_for.h>

static long work(long i) {
  long r = i;
  for (int k = 0; k < 50; ++k)
    r = r * 31 + k;
  return r;
}

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

int main() {
  // Integers, the default grain; every iteration writes its own slot.
  std::vector<long> a(100000);
  sprig::parallel_for(0L, (long)a.size(), [&](long i) { a[i] = work(i); });
  long h = 0;
  for (long v : a)
    h = h * 1000003 + v;
  std::printf("ints %ld\n", h);
  // An explicit grain of 1; unsigned; a range at the top of int.
  std::vector<int> b(1000);
  sprig::parallel_for(0u, 1000u, [&](unsigned i) { b[i] = (int)(i * 7 % 13); }, 1);
  long sb = 0;
  for (int v : b)
    sb += v;
  std::atomic<long> top{0};
  sprig::parallel_for(INT_MAX - 100, INT_MAX, [&](int i) { top += (long)(INT_MAX - i); });
  std::atomic<long> bottom{0};
  sprig::parallel_for(INT_MIN, INT_MIN + 50, [&](int i) { bottom += (long)i - INT_MIN; });
  std::printf("grain1 %ld top %ld bottom %ld\n", sb, top.load(), bottom.load());
  // Empty and one-trip ranges.
  int runs = 0;
  sprig::parallel_for(5, 5, [&](int) { ++runs; });
  sprig::parallel_for(9, 3, [&](int) { ++runs; });
  sprig::parallel_for(3, 4, [&](int i) { runs += i; });
  std::printf("trips %d\n", runs);
  // Iterators and pointers.
  std::vector<long> v(5000, 3);
  sprig::parallel_for(v.begin(), v.end(), [](std::vector<long>::iterator it) { *it *= 2; });
  long *p = v.data();
  sprig::parallel_for(p, p + v.size(), [](long *q) { *q += 1; }, 64);
  long sv = 0;
  for (long x : v)
    sv += x;
  std::printf("iterators %ld\n", sv);
  // Nested loops; a body that spawns and syncs.
  std::vector<long> m(64 * 64);
  sprig::parallel_for(0, 64, [&](int i) {
    sprig::parallel_for(0, 64, [&](int j) { m[i * 64 + j] = (long)i * j; });
  });
  std::vector<long> f(40);
  sprig::parallel_for(0, 40, [&](int i) {
    long x, y;
    [[sprig::spawn]] x = fib(10 + i % 8);
    y = fib(8);
    [[sprig::sync]];
    f[i] = x + y;
  });
  long sm = 0, sf = 0;
  for (long x : m)
    sm += x;
  for (long x : f)
    sf += x;
  std::printf("nested %ld spawning %ld\n", sm, sf);
  // Exceptions: the first in iteration order wins; every iteration has finished.
  for (int round = 0; round < 3; ++round) {
    std::atomic<int> done{0};
    try {
      sprig::parallel_for(0, 3000, [&](int i) {
        work(i);
        done++;
        if (i == 700 || i == 2100 || i == 2999)
          throw std::runtime_error("iteration " + std::to_string(i));
      }, 16);
      std::printf("no exception\n");
    } catch (const std::exception &e) {
      // Iterations after the throwing one may have run too (they are not cancelled),
      // but every one before it has.
      std::printf("caught %s, at least the 701 before: %d\n", e.what(), done.load() >= 701);
    }
  }
  // loop_break: the first one in iteration order ends the loop (every iteration before
  // it has run; later ones may have too), with a grain and without; and the serial
  // elision breaks the same way (parallel-for-serial-gcc.cpp runs this under g++).
  for (std::size_t grain : {std::size_t(0), std::size_t(5)}) {
    std::vector<std::atomic<int>> seen(5000);
    sprig::parallel_for(0, 5000, [&](int i) {
      seen[i] = 1;
      return i == 1234 || i == 4000 ? sprig::loop_break : sprig::loop_continue;
    }, grain);
    int before = 0;
    for (int i = 0; i <= 1234; ++i)
      before += seen[i];
    std::printf("loop_break: the 1235 up to it ran: %d\n", before);
  }
}
