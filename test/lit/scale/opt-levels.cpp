// At -O0..-O3 the measured program gives the serial elision's answers, and the same
// shape: fib(16) parallelism between 100 and 400 (the hand count is 242), a chain of
// spawned serial calls below 1.5. An exception thrown by a spawned child and caught by its caller after the
// sync, or by a caller further up, leaves the clock consistent (span <= work, the
// report written).
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %sprigxx --scale -O0 %s -o %t.0 && env SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.0.csv %t.0 | diff %t.expected -
// RUN: %python %S/Inputs/csv_check.py %t.0.csv '100 < r["fib"]["parallelism"] < 400' 'r["chain"]["parallelism"] < 1.5' 'r["throws"]["work"] > 0'
// RUN: %sprigxx --scale -O1 %s -o %t.1 && env SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.1.csv %t.1 | diff %t.expected -
// RUN: %python %S/Inputs/csv_check.py %t.1.csv '100 < r["fib"]["parallelism"] < 400' 'r["chain"]["parallelism"] < 1.5' 'r["throws"]["work"] > 0'
// RUN: %sprigxx --scale -O2 %s -o %t.2 && env SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.2.csv %t.2 | diff %t.expected -
// RUN: %python %S/Inputs/csv_check.py %t.2.csv '100 < r["fib"]["parallelism"] < 400' 'r["chain"]["parallelism"] < 1.5' 'r["throws"]["work"] > 0'
// RUN: %sprigxx --scale -O3 -g %s -o %t.3 && env SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.3.csv %t.3 | diff %t.expected -
// RUN: %python %S/Inputs/csv_check.py %t.3.csv '100 < r["fib"]["parallelism"] < 400' 'r["chain"]["parallelism"] < 1.5' 'r["throws"]["work"] > 0'
#include <cstdio>
#include <sprig/scale.h>
#include <stdexcept>
#include <string>
#include <vector>

#include "Inputs/fib.h"

__attribute__((noinline)) long serial_work(int n) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += i * (s | 1) % 11;
  return s;
}

long leaf(int i) {
  if (i == 7)
    throw std::runtime_error("leaf " + std::to_string(i));
  return fib(10) + i;
}

long spawns_throwing(int k) {
  std::vector<long> r(k);
  for (int i = 0; i < k; ++i)
    [[sprig::spawn]] r[i] = leaf(i);
  [[sprig::sync]];
  long s = 0;
  for (long x : r)
    s += x;
  return s;
}

long catches_after_sync() {
  long x = 0, y = 0;
  try {
    [[sprig::spawn]] x = spawns_throwing(10);
    y = fib(12);
    [[sprig::sync]];
  } catch (const std::exception &e) {
    std::printf("caught %s\n", e.what());
    y += 1;
  }
  return x + y;
}

int main() {
  long a, b = 0, c;
  {
    sprig::scale::probe p("fib");
    a = fib(16);
  }
  {
    sprig::scale::probe p("chain");
    for (int i = 0; i < 50; ++i) {
      long t;
      [[sprig::spawn]] t = serial_work(1000 + i);
      [[sprig::sync]];
      b += t;
    }
  }
  {
    sprig::scale::probe p("throws");
    c = catches_after_sync();
    try {
      c += spawns_throwing(9);
    } catch (const std::exception &e) {
      std::printf("caught again %s\n", e.what());
    }
  }
  std::printf("%ld %ld %ld\n", a, b, c);
}
