// fib(30) by both spawn forms (assignment and declaration), built as the serial
// elision and with sprig++; same output at SPRIG_NWORKERS=1,2,4,8.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: fib_assign(30) = 832040
// CHECK: fib_decl(30) = 832040
#include <cstdio>

long fib_assign(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib_assign(n - 1);
  y = fib_assign(n - 2);
  [[sprig::sync]];
  return x + y;
}

long fib_decl(int n) {
  if (n < 2)
    return n;
  [[sprig::spawn]] long x = fib_decl(n - 1);
  long y = fib_decl(n - 2);
  [[sprig::sync]];
  return x + y;
}

int main() {
  std::printf("fib_assign(30) = %ld\n", fib_assign(30));
  std::printf("fib_decl(30) = %ld\n", fib_decl(30));
}
