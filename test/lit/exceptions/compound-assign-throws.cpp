// A spawned compound assignment whose call throws: its update `x op= f(args)` never
// happens (the target keeps its value, as in the serial program, where the right-hand
// side throws before x is read), the exception reaches the sync and the caller's
// handler, and the updates of the children spawned before it happen. Built-in operators
// on array elements and an overloaded one (std::string's +=), with the parent's
// continuation doing work of its own (so it is stolen). The throwing spawn is the last
// one before the sync: the serial program never runs what follows a throw, a parallel
// one does. Against the serial elision at -O0..-O3 and P = 1, 2, 4, 8.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: case 0: caught boom 5; acc 0 3 2 6 4 5 s=<a>
// CHECK: case 1: caught boom 7; acc 0 3 2 6 4 5 s=<a>
// CHECK: case 2: no exception; acc 0 3 2 6 4 10 s=<a>
// CHECK: after: 196418
#include <cstdio>
#include <stdexcept>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

long step(int i, int bad) {
  long v = fib(18 + i % 4);  // fib(19) = 4181, fib(21) = 10946
  if (i == bad)
    throw std::runtime_error("boom " + std::to_string(i));
  static const long by_i[] = {0, 2, 0, 2, 0, 1};
  return by_i[i] + (v < 0);  // step(1) = 2, step(3) = 2, step(5) = 1
}

std::string piece(int n) {
  (void)fib(20);
  if (n == 7)
    throw std::runtime_error("boom 7");
  return n ? "<c>" : "<a>";
}

long acc[6];
std::string s;

void update(int which) {
  [[sprig::spawn]] acc[1] += step(1, -1);      // 1 + 2
  [[sprig::spawn]] acc[3] *= step(3, -1);  // 3 * 2
  [[sprig::spawn]] s += piece(0);
  long t = fib(22);
  switch (which) {
  case 0:
    [[sprig::spawn]] acc[5] <<= step(5, 5);  // throws
    break;
  case 1:
    [[sprig::spawn]] s += piece(7);  // throws before it reads s (the first update may run)
    break;
  default:
    [[sprig::spawn]] acc[5] <<= step(5, -1);  // 5 << 1
  }
  [[sprig::sync]];
  (void)t;
}

#include "../exec/Inputs/pfib.h"  // pfib: a parallel fib

int main() {
  for (int which = 0; which < 3; ++which) {
    for (int i = 0; i < 6; ++i)
      acc[i] = i;
    s.clear();
    try {
      update(which);
      std::printf("case %d: no exception;", which);
    } catch (const std::exception &e) {
      std::printf("case %d: caught %s;", which, e.what());
    }
    std::printf(" acc");
    for (long v : acc)
      std::printf(" %ld", v);
    std::printf(" s=%s\n", s.c_str());
  }
  std::printf("after: %ld\n", pfib(27));
}
