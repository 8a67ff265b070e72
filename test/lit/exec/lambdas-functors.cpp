// Spawned calls of callable objects: an immediately invoked lambda (the way to spawn a
// block), a named lambda with captures, a generic lambda, a function object, and a
// std::function.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: block=196418 named=196428 generic=196418 functor=196419 stdfn=121393
#include <cstdio>
#include <functional>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

struct Functor {
  long extra;
  long operator()(int n) const { return fib(n) + extra; }
};

int main() {
  long block = 0, named, generic, functor, stdfn;
  int ten = 10;
  auto add = [ten](int n) { return fib(n) + ten; };
  auto gen = [](auto n) { return fib((int)n); };
  Functor f{1};
  std::function<long(int)> sf = [](int n) { return fib(n - 2); };
  [[sprig::spawn]] [&] { block = fib(27); }();
  [[sprig::spawn]] named = add(27);
  [[sprig::spawn]] generic = gen(27L);
  [[sprig::spawn]] functor = f(27);
  [[sprig::spawn]] stdfn = sf(28);
  [[sprig::sync]];
  std::printf("block=%ld named=%ld generic=%ld functor=%ld stdfn=%ld\n", block, named,
              generic, functor, stdfn);
}
