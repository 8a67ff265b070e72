// A constexpr function with a spawn: usable in a static_assert (constant evaluation
// runs it serially) and at run time (in parallel).
// RUN: %clangxx -std=c++20 -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -std=c++20 -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -std=c++17 -O2 %s -o %t.par17
// RUN: %run_p %t.serial %t.par17 | FileCheck %s
// CHECK: fib(27)=196418 table[20]=6765
#include <cstdio>

constexpr long cfib(int n) {
  if (n < 2)
    return n;
  long a = 0, b = 0;
  [[sprig::spawn]] a = cfib(n - 1);
  [[sprig::spawn]] long c = cfib(n - 2);
  [[sprig::sync]];
  b = c;
  return a + b;
}

static_assert(cfib(15) == 610, "constant evaluation of a spawning function");

struct Table {
  long v[21];
};
constexpr Table make_table() {
  Table t{};
  for (int i = 0; i <= 20; ++i)
    t.v[i] = cfib(i);
  return t;
}
constexpr Table table = make_table();

int main(int argc, char **) {
  volatile int n = 27;
  std::printf("fib(%d)=%ld table[20]=%ld\n", (int)n, cfib(n), table.v[20 + (argc - 1)]);
}
