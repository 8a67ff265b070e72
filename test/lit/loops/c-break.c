// break in a C [[sprig::parallel_for]] (sprigcc), against the serial elision (gcc) at
// -O0..-O3 and P=1,2,4,8: the first break in iteration order ends the loop, and a
// reducer (C's attribute form) holds the serial loop's sum; a nested loop's break ends
// only the nested loop.
// RUN: %run_opts_c %s %t -I%sprig_inc | FileCheck %s
// CHECK: first-negative 70050 sum 2453396176
// CHECK: nested 73399
// CHECK: none 100000 sum 4999950000
#include <stdio.h>
#include <sprig/sprig.h>

static void zero(void *p) { *(long *)p = 0; }
static void plus(void *l, void *r) { *(long *)l += *(long *)r; }
[[sprig::reducer(zero, plus)]] long sum;
[[sprig::reducer(zero, plus)]] long count;

static int a[100000];

static void search(int at) {
  sum = 0, count = 0;
  [[sprig::parallel_for]] for (long i = 0; i < 100000; ++i) {
    count += 1;
    if (a[i] < 0 && i >= at) break;
    sum += i;
  }
}

int main(void) {
  for (int i = 0; i < 100000; ++i)
    a[i] = (i % 10007 == 0 && i > 0) ? -1 : i;
  search(70000);
  printf("first-negative %ld sum %ld\n", count, sum);
  count = 0;
  [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (int i = 0; i < 100; ++i) {
    [[sprig::parallel_for]] for (int j = 0; j < 1000; ++j) {
      if (j == 733 + i % 3) break;
      count += 1;
    }
  }
  printf("nested %ld\n", count);
  search(1 << 30);
  printf("none %ld sum %ld\n", count, sum);
  return 0;
}
