// Spawning code in a -fPIC shared library, called from a program that spawns too (the
// library's spawns nest inside the program's and vice versa).
// RUN: rm -rf %t.dir && mkdir -p %t.dir/serial %t.dir/par
// RUN: %clangxx -O2 -Wno-unknown-attributes -shared -fPIC %S/Inputs/shlib.cpp -o %t.dir/serial/libshlib.so
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -L%t.dir/serial -lshlib -Wl,-rpath,%t.dir/serial -o %t.serial
// RUN: %sprigxx -O2 -shared -fPIC %S/Inputs/shlib.cpp -o %t.dir/par/libshlib.so
// RUN: %sprigxx -O2 %s -L%t.dir/par -lshlib -Wl,-rpath,%t.dir/par -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// The library really is the one with the spawns.
// RUN: llvm-nm -D %t.dir/par/libshlib.so | FileCheck %s --check-prefix=SYMS
// CHECK: lib=196418 main=121393 joined=65536
// SYMS: U __sprig_enter_root
#include <cstdio>
#include <string>

long lib_fib(int n);
std::string lib_join(int depth);

long main_fib(int n) {
  if (n < 2)
    return n;
  long a, b;
  [[sprig::spawn]] a = main_fib(n - 1);
  b = main_fib(n - 2);
  [[sprig::sync]];
  return a + b;
}

int main() {
  long l, m;
  [[sprig::spawn]] l = lib_fib(27);
  [[sprig::spawn]] m = main_fib(26);
  std::string j = lib_join(16);
  [[sprig::sync]];
  std::printf("lib=%ld main=%ld joined=%zu\n", l, m, j.size());
}
