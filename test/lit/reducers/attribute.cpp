// The attribute spelling, [[sprig::reducer(identity, reduce)]] on a variable: every read
// and write of it is the current strand's view. Globals (a long, a std::string, an
// array), locals in a parallel loop, in a recursion's stolen strands, redeclared in
// every iteration of a loop, used through member calls, in a lambda and in a function
// template; the values are the serial elision's at P = 1, 2, 4, 8 and -O0..-O3.
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK: global 4999950000 string 100000 {{[0-9]+}} hist 10000 10000 10000
// CHECK-NEXT: local 5049161700 redeclared 4950 template 1999000 lambda 2000
#include "Inputs/hash.h"
#include <cstdio>
#include <new>
#include <string>

void zero(void *v) { *static_cast<long *>(v) = 0; }
void plus(void *l, void *r) { *static_cast<long *>(l) += *static_cast<long *>(r); }
void szero(void *v) { new (v) std::string(); }
void scat(void *l, void *r) {
  auto *L = static_cast<std::string *>(l), *R = static_cast<std::string *>(r);
  *L += *R;
  R->~basic_string();
}
void hzero(void *v) {
  for (int i = 0; i < 10; ++i)
    static_cast<long *>(v)[i] = 0;
}
void hplus(void *l, void *r) {
  for (int i = 0; i < 10; ++i)
    static_cast<long *>(l)[i] += static_cast<long *>(r)[i];
}

[[sprig::reducer(zero, plus)]] long sum = 0;
[[sprig::reducer(szero, scat)]] std::string str;
[[sprig::reducer(hzero, hplus)]] long hist[10];

void walk(int lo, int hi) {
  if (hi - lo == 1) {
    sum += lo;
    str.push_back(static_cast<char>('a' + lo % 26));  // a member call on the view
    hist[lo % 10]++;
    return;
  }
  int mid = (lo + hi) / 2;
  [[sprig::spawn]] walk(lo, mid);
  walk(mid, hi);
  [[sprig::sync]];
}

// A local, registered in whatever strand runs the call (stolen ones too).
long local(int n) {
  [[sprig::reducer(zero, plus)]] long s = 0;
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) s += i;
  return s;
}

long locals(int lo, int hi) {
  if (hi - lo == 1)
    return local(10000 + lo);
  int mid = (lo + hi) / 2;
  long a = 0, b = 0;
  [[sprig::spawn]] a = locals(lo, mid);
  b = locals(mid, hi);
  [[sprig::sync]];
  return a + b;
}

// A new reducer in every iteration, at the same address.
long redeclared() {
  long total = 0;
  for (int k = 0; k < 100; ++k) {
    [[sprig::reducer(zero, plus)]] long s = 0;
    [[sprig::parallel_for]] for (int i = 0; i < k; ++i) s += 1;
    total += s;
  }
  return total;
}

template <class T> T tsum(int n) {
  [[sprig::reducer(zero, plus)]] T s = 0;
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) s += i;
  return s;
}

[[sprig::reducer(zero, plus)]] long counted = 0;

long lambda() {
  // A lambda names a global reducer: the view of the strand that calls it.
  auto add = [](long x) { counted += x; };
  [[sprig::parallel_for]] for (int i = 0; i < 2000; ++i) add(1);
  return counted;
}

int main() {
  walk(0, 100000);
  std::printf("global %ld string %zu %lu hist %ld %ld %ld\n", sum, str.size(), hash(str),
              hist[0], hist[5], hist[9]);
  std::printf("local %ld redeclared %ld template %ld lambda %ld\n", locals(0, 100),
              redeclared(), tsum<long>(2000), lambda());
}
