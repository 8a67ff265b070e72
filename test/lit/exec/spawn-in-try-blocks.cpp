// Spawns inside try blocks (with handlers that are not entered) and in a function-try
// block; the spawned calls do not throw. (Spawns in a catch handler:
// spawn-in-catch-handler.cpp.)
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: in_try=317811 fn_try=196418 handlers=0
#include <cstdio>
#include <stdexcept>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int handlers = 0;

long in_try(int n) {
  long a = 0, b = 0;
  try {
    std::string label = "try block";  // a local with a destructor inside the try
    [[sprig::spawn]] a = fib(n - 1);
    b = fib(n - 2);
    [[sprig::sync]];
  } catch (const std::exception &) {
    handlers++;
  }
  return a + b;
}

long fn_try(int n) try {
  [[sprig::spawn]] long a = fib(n - 1);
  long b = fib(n - 2);
  [[sprig::sync]];
  return a + b;
} catch (...) {
  handlers++;
  return -1;
}

int main() {
  long x = in_try(28), y = fn_try(27);
  std::printf("in_try=%ld fn_try=%ld handlers=%d\n", x, y, handlers);
}
