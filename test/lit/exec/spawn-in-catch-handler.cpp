// Spawns inside a catch handler (the handled exception is still active while the
// children run), and a handler that rethrows after its spawns were synced.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -O0 %s -o %t.par0
// RUN: %run_p %t.serial %t.par0 | FileCheck %s
// CHECK: in_catch=121393 what=go to the handler
// CHECK: rethrown=rethrow me sum=75025
#include <cstdio>
#include <stdexcept>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

long in_catch(int n, std::string &what) {
  try {
    throw std::runtime_error("go to the handler");
  } catch (const std::runtime_error &e) {
    long a, b;
    [[sprig::spawn]] a = fib(n - 1);
    [[sprig::spawn]] b = fib(n - 2);
    [[sprig::sync]];
    what = e.what();
    return a + b;
  }
}

long sum = 0;
void rethrow_after_spawns(int n) {
  try {
    throw std::runtime_error("rethrow me");
  } catch (...) {
    long a, b;
    [[sprig::spawn]] a = fib(n - 1);
    b = fib(n - 2);
    [[sprig::sync]];
    sum = a + b;
    throw;
  }
}

int main() {
  std::string what;
  long x = in_catch(26, what);
  std::printf("in_catch=%ld what=%s\n", x, what.c_str());
  try {
    rethrow_after_spawns(25);
  } catch (const std::exception &e) {
    std::printf("rethrown=%s sum=%ld\n", e.what(), sum);
  }
}
