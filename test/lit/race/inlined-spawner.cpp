// A spawning function inlined into another would share its caller's frame; the
// detector tells procedures apart by their frames (a procedure left by an exception is
// found dead when a new one starts at or above its frame), so under --race spawning
// functions keep their own frames: they are not inlined. (Random program 78618, in
// fuzz-regress.test, got false reports from an inlined spawner.)
// RUN: %sprigxx --race -O2 %s -o %t
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %t > %t.out 2> %t.err
// RUN: diff %t.expected %t.out
// RUN: FileCheck --check-prefix=EXEC --allow-empty %s < %t.err
// EXEC-NOT: sprig race
// RUN: %sprigxx --race -O2 -S -emit-llvm %s -o - | FileCheck --check-prefix=IR %s
// IR-LABEL: define {{.*}} @_Z5outerl(
// IR: call {{.*}} @_ZL4pairl(
// IR: define {{.*}} @_ZL4pairl({{.*}} #[[ATTRS:[0-9]+]]
// IR: attributes #[[ATTRS]] = {{{.*}}noinline
#include <cstdio>
#include <vector>

__attribute__((noinline)) long leaf(long x) { return x * 3 + 1; }

// Small, static, called once from each site: the inliner's first choice.
static inline long pair(long a) {
  long x = 0, y = 0;
  [[sprig::spawn]] x = leaf(a);
  y = leaf(a + 1);
  [[sprig::sync]];
  return x + y;
}

long outer(long n) {
  std::vector<long> v(6);
  long w = pair(n);  // an inlined spawner, then ...
  for (int k = 0; k < 6; ++k) {
    [[sprig::spawn]] v[k] = leaf(n + k);  // ... children writing v ...
  }
  [[sprig::sync]];
  long s = w;
  for (long e : v)  // ... and the reads after the sync
    s += e;
  return s;
}

int main() {
  long r = 0;
  for (int i = 0; i < 4; ++i)
    r += outer(i);
  std::printf("%ld\n", r);
}
