// The shared library of shared-library.cpp: exported spawning functions, built with
// -shared -fPIC.
#include <string>

long lib_fib(int n) {
  if (n < 2)
    return n;
  long a, b;
  [[sprig::spawn]] a = lib_fib(n - 1);
  b = lib_fib(n - 2);
  [[sprig::sync]];
  return a + b;
}

std::string lib_join(int depth) {
  if (depth == 0)
    return "x";
  [[sprig::spawn]] std::string l = lib_join(depth - 1);
  std::string r = lib_join(depth - 1);
  [[sprig::sync]];
  return l + r;
}
