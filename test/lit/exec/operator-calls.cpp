// Spawned overloaded operator calls: a binary operator (free function), a member
// operator[], a call operator, and an assignment whose right-hand side is an operator.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: plus=392836 index=196418 call=317811 neg=-196418
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

struct Num {
  long v;
};
Num operator+(Num a, Num b) { return Num{fib((int)a.v) + fib((int)b.v)}; }
Num operator-(Num a) { return Num{-fib((int)a.v)}; }

struct Table {
  long operator[](int n) const { return fib(n); }
  long operator()(int a, int b) const { return fib(a) + fib(b); }
};

int main() {
  Num a{27}, b{27};
  Table t;
  Num plus, neg;
  long index, call;
  [[sprig::spawn]] plus = a + b;
  [[sprig::spawn]] index = t[27];
  [[sprig::spawn]] call = t(26, 27);
  [[sprig::spawn]] neg = -a;
  [[sprig::sync]];
  std::printf("plus=%ld index=%ld call=%ld neg=%ld\n", plus.v, index, call, neg.v);
}
