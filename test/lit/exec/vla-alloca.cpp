// Variable-length arrays and alloca in a spawning function: a VLA declared before the
// spawns and used after the sync; a VLA and an alloca inside a loop body that spawns
// (allocated and released every iteration, possibly after the continuation was stolen).
// Either this works like the serial elision, or the compiler rejects it with a clear
// error; it must not crash or corrupt memory.
// RUN: %clangxx -O2 -Wno-unknown-attributes -Wno-vla-cxx-extension %s -o %t.serial
// RUN: %sprigxx -O2 -Wno-vla-cxx-extension %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: before=363048 loop=2457884 alloca=819141 after_spawn=
#include <alloca.h>
#include <cstdio>
#include <cstring>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
void fibto(long *out, int n) { *out = fib(n); }

long vla_before(int n) {
  long vals[n];
  for (int i = 0; i < n; ++i)
    [[sprig::spawn]] fibto(&vals[i], 15 + i % 8);
  [[sprig::sync]];
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += vals[i];
  return s;
}

long vla_in_loop(int n) {
  long total = 0;
  for (int round = 0; round < n; ++round) {
    long vals[round + 2];
    for (int i = 0; i < round + 2; ++i)
      [[sprig::spawn]] fibto(&vals[i], 12 + (i + round) % 10);
    [[sprig::sync]];
    for (int i = 0; i < round + 2; ++i)
      total += vals[i];
  }
  return total;
}

// The VLA is allocated in the continuation of a spawn: after a steal, on whatever
// stack the continuation runs on; it must stay valid through the sync and after it.
long vla_after_spawn(int n) {
  long first;
  [[sprig::spawn]] first = fib(22);
  long vals[n];
  for (int i = 0; i < n; ++i)
    [[sprig::spawn]] fibto(&vals[i], 14 + i % 9);
  [[sprig::sync]];
  long s = first;
  for (int i = 0; i < n; ++i)
    s += vals[i];
  long again[8];  // more stack use after the sync must not clobber vals
  for (int i = 0; i < 8; ++i)
    [[sprig::spawn]] fibto(&again[i], 16);
  [[sprig::sync]];
  for (int i = 0; i < n; ++i)
    s += vals[i];
  return s;
}

long alloca_in_loop(int n) {
  long total = 0;
  for (int round = 0; round < n; ++round) {
    long *vals = (long *)alloca(sizeof(long) * 4);
    std::memset(vals, 0, sizeof(long) * 4);
    for (int i = 0; i < 4; ++i)
      [[sprig::spawn]] fibto(&vals[i], 14 + (i + round) % 8);
    [[sprig::sync]];
    for (int i = 0; i < 4; ++i)
      total += vals[i];
  }
  return total;
}

int main() {
  long b = vla_before(64), l = vla_in_loop(40), a = alloca_in_loop(60);
  long c = 0;
  for (int r = 0; r < 20; ++r)
    c += vla_after_spawn(48);
  std::printf("before=%ld loop=%ld alloca=%ld after_spawn=%ld\n", b, l, a, c);
}
