// Spawned member function calls: obj.m(), p->m(), a virtual call through a base
// pointer and reference, a const member, a static member, a call through a pointer to
// member, and a member of a temporary.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: dot=196418 arrow=196418 virt=317811 vref=121393 cst=196418 stat=196418 pmf=196418 tmp=196418
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

struct Base {
  virtual ~Base() = default;
  virtual long run(int n) { return fib(n); }
};
struct Derived : Base {
  long run(int n) override { return fib(n + 1); }
};
struct Other : Base {
  long run(int n) override { return fib(n - 1); }
};

struct Calc {
  int bias = 0;
  long m(int n) { return fib(n) + bias; }
  long c(int n) const { return fib(n) + bias; }
  static long s(int n) { return fib(n); }
};

int main() {
  Calc obj;
  Calc *p = &obj;
  Derived d;
  Other o;
  Base *bp = &d;
  Base &br = o;
  long (Calc::*pmf)(int) = &Calc::m;
  const Calc &cref = obj;
  long dot, arrow, virt, vref, cst, stat, pmr, tmp;
  [[sprig::spawn]] dot = obj.m(27);
  [[sprig::spawn]] arrow = p->m(27);
  [[sprig::spawn]] virt = bp->run(27);
  [[sprig::spawn]] vref = br.run(27);
  [[sprig::spawn]] cst = cref.c(27);
  [[sprig::spawn]] stat = Calc::s(27);
  [[sprig::spawn]] pmr = (obj.*pmf)(27);
  [[sprig::spawn]] tmp = Calc{}.m(27);
  [[sprig::sync]];
  std::printf("dot=%ld arrow=%ld virt=%ld vref=%ld cst=%ld stat=%ld pmf=%ld tmp=%ld\n", dot,
              arrow, virt, vref, cst, stat, pmr, tmp);
}
