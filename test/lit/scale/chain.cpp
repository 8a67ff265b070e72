// A chain of spawn-then-sync has no parallelism (the issue: < 1.5); the same children
// spawned together before one sync have as much as there are children; a child spawned
// first and the continuation's equal work after it, 2.
// RUN: %sprigxx --scale -O1 %s -o %t.scale
// RUN: %clangxx -O1 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: env SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.csv %t.scale > %t.out
// RUN: %t.serial | diff - %t.out
// RUN: %python %S/Inputs/csv_check.py %t.csv 'r["chain"]["parallelism"] < 1.5' 'r["fan"]["parallelism"] > 50' 'r["fan"]["parallelism"] <= 100' '1.8 < r["pair"]["parallelism"] <= 2.0'
#include <cstdio>
#include <sprig/scale.h>

__attribute__((noinline)) void work(long n, long *out) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += i % 7;
  *out = s + n;
}

long chain(int k) {
  long total = 0;
  for (int i = 0; i < k; ++i) {
    long r;
    [[sprig::spawn]] work(10000, &r);
    [[sprig::sync]];
    total += r;
  }
  return total;
}

long fan(int k) {
  long r[100];
  for (int i = 0; i < k; ++i)
    [[sprig::spawn]] work(10000, &r[i]);
  [[sprig::sync]];
  long total = 0;
  for (int i = 0; i < k; ++i)
    total += r[i];
  return total;
}

long pair() {
  long a, b;
  [[sprig::spawn]] work(10000, &a);
  work(10000, &b);
  [[sprig::sync]];
  return a + b;
}

int main() {
  long c, f, p;
  {
    sprig::scale::probe pr("chain");
    c = chain(100);
  }
  {
    sprig::scale::probe pr("fan");
    f = fan(100);
  }
  {
    sprig::scale::probe pr("pair");
    p = pair();
  }
  std::printf("chain %ld fan %ld pair %ld\n", c, f, p);
}
