// [[sprig::reducer(identity, reduce)]] in C: a global sum, a global histogram (an array)
// and a string built in serial order (a non-commutative reduce), updated by the strands
// of a recursion; a local reducer in a parallel loop. <sprig/reducer.h> compiles as C
// (its C interface is the same), and the values are the elision's at P = 1, 2, 4, 8.
// RUN: %run_opts_c %s %t -I%sprig_inc | FileCheck %s
// CHECK: sum 4999950000 hist 10000 10000 10000 text 100 abcdefghijabcdefghij
// CHECK-NEXT: local 49995000 5049161700
#include <sprig/reducer.h>
#include <stdio.h>
#include <string.h>

static void zero(void *v) { *(long *)v = 0; }
static void plus(void *l, void *r) { *(long *)l += *(long *)r; }
static void hzero(void *v) { memset(v, 0, 10 * sizeof(long)); }
static void hplus(void *l, void *r) {
  for (int i = 0; i < 10; i++)
    ((long *)l)[i] += ((long *)r)[i];
}

// A bounded string: appends in serial order.
struct text {
  int len;
  char s[128];
};
static void tzero(void *v) { ((struct text *)v)->len = 0; }
static void tcat(void *l, void *r) {
  struct text *L = l, *R = r;
  for (int i = 0; i < R->len && L->len < 127; i++)
    L->s[L->len++] = R->s[i];
}

[[sprig::reducer(zero, plus)]] long sum = 0;
[[sprig::reducer(hzero, hplus)]] long hist[10];
[[sprig::reducer(tzero, tcat)]] struct text text;

static void walk(int lo, int hi) {
  if (hi - lo == 1) {
    sum += lo;
    hist[lo % 10]++;
    if (lo % 1000 == 0 && text.len < 127)
      text.s[text.len++] = (char)('a' + lo / 1000 % 10);
    return;
  }
  int mid = (lo + hi) / 2;
  [[sprig::spawn]] walk(lo, mid);
  walk(mid, hi);
  [[sprig::sync]];
}

// A local reducer, registered in whatever strand runs the call.
static long local(int n) {
  [[sprig::reducer(zero, plus)]] long s = 0;
  [[sprig::parallel_for]] for (int i = 0; i < n; i++) s += i;
  return s;
}

static long locals(int lo, int hi) {
  if (hi - lo == 1)
    return local(10000 + lo);
  int mid = (lo + hi) / 2;
  long a, b;
  [[sprig::spawn]] a = locals(lo, mid);
  b = locals(mid, hi);
  [[sprig::sync]];
  return a + b;
}

int main(void) {
  walk(0, 100000);
  text.s[text.len] = 0;
  printf("sum %ld hist %ld %ld %ld text %d %.20s\n", sum, hist[0], hist[5], hist[9],
         text.len, text.s);
  printf("local %ld %ld\n", local(10000), locals(0, 100));
  return 0;
}
