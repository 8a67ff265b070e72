// A C spawning function and a C++ spawning function calling each other: this file built
// by sprigcc, Inputs/c-calls-cxx-part.cpp by sprig++, the program linked by sprig++.
// C spawns C++ (cxx_sum), which spawns C back (c_fib, and a C function pointer it is
// given); a C++ recursion spawns C leaves, which spawn C++ again. Exceptions stay on the
// C++ side (none crosses into C). Against the elision (gcc and g++) at -O0..-O3 and
// P = 1, 2, 4, 8.
// RUN: %run_opts_mix %s %S/Inputs/c-calls-cxx-part.cpp %t | FileCheck %s
// CHECK: c_fib(20) = 6765
// CHECK: cxx_sum = 4147
// CHECK: tree = 1516
// CHECK: callback = 148
// CHECK: caught = 7
#include <stdio.h>

// The C++ side (extern "C" there).
long cxx_sum(const int *ns, int count);
long cxx_tree(int depth);
long cxx_apply(long (*fn)(int), int from, int to);
int cxx_caught(int n);

long c_fib(int n) {
  if (n < 2)
    return n;
  [[sprig::spawn]] long x = c_fib(n - 1);
  long y = c_fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

// A C leaf of the C++ recursion: spawns C++ again.
long c_leaf(int depth) {
  long a, b;
  [[sprig::spawn]] a = cxx_tree(depth);
  [[sprig::spawn]] b = cxx_tree(depth);
  [[sprig::sync]];
  return a + b + 100;
}

static long square_plus(int i) { return (long)i * i + 1; }

// C spawns C++ and C in one function.
static long mixed(void) {
  int ns[] = {10, 12, 14, 16, 18};
  long s, t;
  [[sprig::spawn]] s = cxx_sum(ns, 5);
  [[sprig::spawn]] t = c_fib(5);
  [[sprig::sync]];
  return s + t - 5;
}

int main(void) {
  printf("c_fib(20) = %ld\n", c_fib(20));
  printf("cxx_sum = %ld\n", mixed());
  printf("tree = %ld\n", cxx_tree(4));
  long cb;
  [[sprig::spawn]] cb = cxx_apply(square_plus, 0, 8);
  [[sprig::sync]];
  printf("callback = %ld\n", cb);
  printf("caught = %d\n", cxx_caught(7));
  return 0;
}
