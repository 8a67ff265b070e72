// A child's exception caught by a handler of the spawning function itself: the sync
// inside the try block rethrows it there; also a throw from the continuation caught
// locally while children still run (the handler sees their results complete after its
// own sync). The function goes on spawning afterwards.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -O0 %s -o %t.par0
// RUN: %run_p %t.serial %t.par0 | FileCheck %s
// CHECK: caught=10 last=child 6 after=317811
// CHECK: local throw: caught=10 results=10
#include <cstdio>
#include <stdexcept>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

void child(long *out, int i, int bad) {
  *out = fib(16 + i % 6);
  if (i == bad)
    throw std::runtime_error("child " + std::to_string(i));
}

#include "../exec/Inputs/pfib.h"  // pfib: a parallel fib

int main() {
  int caught = 0;
  std::string last;
  long results[16];
  for (int round = 0; round < 10; ++round) {
    try {
      for (int i = 0; i < 16; ++i)
        [[sprig::spawn]] child(&results[i], i, 6);
      [[sprig::sync]];
    } catch (const std::exception &e) {
      caught++;
      last = e.what();
    }
  }
  long after;
  [[sprig::spawn]] after = pfib(28);
  [[sprig::sync]];
  std::printf("caught=%d last=%s after=%ld\n", caught, last.c_str(), after);

  int local_caught = 0, complete = 0;
  for (int round = 0; round < 10; ++round) {
    for (long &r : results)
      r = -1;
    try {
      for (int i = 0; i < 16; ++i)
        [[sprig::spawn]] child(&results[i], i, -1);
      throw std::logic_error("from the continuation");
    } catch (const std::logic_error &) {
      local_caught++;
      [[sprig::sync]];
      bool all = true;
      for (int i = 0; i < 16; ++i)
        all = all && results[i] == fib(16 + i % 6);
      complete += all;
    }
  }
  std::printf("local throw: caught=%d results=%d\n", local_caught, complete);
}
