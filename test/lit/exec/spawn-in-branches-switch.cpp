// Spawns in both arms of if/else, in a conditional chain, and in switch cases
// (including fallthrough into a case that spawns again and a default).
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: branches={{[0-9]+}} switch={{[0-9]+}}
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

long branches(int n, int depth) {
  if (depth == 0)
    return fib(n);
  long a = 0, b = 0, c = 0;
  if (n % 2 == 0) {
    [[sprig::spawn]] a = branches(n - 1, depth - 1);
  } else {
    [[sprig::spawn]] b = branches(n - 2, depth - 1);
  }
  if (n % 3 == 0)
    [[sprig::spawn]] c = branches(n - 1, depth - 1);
  else if (n % 3 == 1)
    [[sprig::spawn]] c = branches(n - 2, depth - 1);
  else
    c = branches(n - 3, depth - 1);
  [[sprig::sync]];
  return a + b + c;
}

long by_switch(int k, int n) {
  long x = 0, y = 0, z = 0;
  switch (k % 5) {
  case 0:
    [[sprig::spawn]] x = fib(n);
    break;
  case 1:
    [[sprig::spawn]] x = fib(n - 1);
    [[fallthrough]];
  case 2:
    [[sprig::spawn]] y = fib(n - 2);
    break;
  case 3: {
    [[sprig::spawn]] long t = fib(n - 3);
    [[sprig::sync]];
    z = t * 2;
    break;
  }
  default:
    [[sprig::spawn]] z = fib(n + 1);
  }
  long w = fib(n - 4);
  [[sprig::sync]];
  return x + y + z + w;
}

int main() {
  long s = 0;
  for (int k = 0; k < 40; ++k)
    s += by_switch(k, 22);
  std::printf("branches=%ld switch=%ld\n", branches(26, 6), s);
}
