/* sprig_dprand in C (sprig/rng.h): the same draws at -O0..-O3 and P = 1..16
 * (run_same.sh), in children, stolen continuations, after syncs and in a parallel loop;
 * a spawning function called twice from one strand draws differently. The serial
 * elision (gcc, or clang in C mode) compiles and gives a fixed stream.
 * RUN: %run_same_c %s %t -I%sprig_inc | FileCheck %s
 * RUN: %cc_elision -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.elision
 * RUN: %t.elision > %t.e1 && %t.elision > %t.e2 && cmp %t.e1 %t.e2
 * CHECK: twice differ: yes
 * CHECK: unit: ok
 */
#include <sprig/rng.h>
#include <stdint.h>
#include <stdio.h>

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull + 7; }

static void burn(void) {
  volatile uint64_t x = 0;
  for (int i = 0; i < 10000; ++i)
    x = x + i;
}

static uint64_t tree(int d) {
  uint64_t a = sprig_dprand();
  if (d == 0) {
    burn();
    return a;
  }
  uint64_t x, y;
  [[sprig::spawn]] x = tree(d - 1);
  uint64_t b = sprig_dprand();
  y = tree(d - 1);
  [[sprig::sync]];
  return mix(mix(mix(a, b), x), mix(y, sprig_dprand()));
}

static uint64_t v[100000];

int main(void) {
  sprig_dprand_seed(99);
  uint64_t t1 = tree(10), t2 = tree(10);
  printf("tree: %016llx\n", (unsigned long long)t1);
  printf("twice differ: %s\n", t1 != t2 ? "yes" : "no");
  [[sprig::parallel_for]] for (int i = 0; i < 100000; ++i) v[i] = sprig_dprand();
  uint64_t h = 0;
  for (int i = 0; i < 100000; ++i)
    h = mix(h, v[i]);
  double u = 0;
  for (int i = 0; i < 1000; ++i)
    u += sprig_dprand_unit();
  printf("loop: %016llx\n", (unsigned long long)h);
  printf("unit: %s\n", u > 450 && u < 550 ? "ok" : "off");
  return 0;
}
