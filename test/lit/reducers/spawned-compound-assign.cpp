// A reducer variable as the target of spawned compound assignments: many children update
// it before one sync, each in its own strand's view (the update runs in the child, where
// the plugin's view lookup is), and the views combine in serial order: the sum and the
// concatenation (not commutative) are the serial elision's, for a global and a local
// reducer, at P = 1, 2, 4, 8 and -O0..-O3.
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK: global 273625 local 273625 string 500 01234567890123456789
#include <cstdio>
#include <new>
#include <string>

void zero(void *v) { *static_cast<long *>(v) = 0; }
void plus(void *l, void *r) { *static_cast<long *>(l) += *static_cast<long *>(r); }
void szero(void *v) { new (v) std::string(); }
void scat(void *l, void *r) {
  auto *R = static_cast<std::string *>(r);
  *static_cast<std::string *>(l) += *R;
  R->~basic_string();
}

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
std::string piece(int i) {
  (void)fib(15);
  return std::to_string(i % 10);
}

[[sprig::reducer(zero, plus)]] long global_total = 0;

int main() {
  [[sprig::reducer(zero, plus)]] long total = 0;
  [[sprig::reducer(szero, scat)]] std::string s;
  for (int i = 0; i < 500; ++i) {
    [[sprig::spawn]] global_total += fib(i % 20);
    [[sprig::spawn]] total += fib(i % 20);
    [[sprig::spawn]] s += piece(i);
  }
  [[sprig::sync]];
  std::printf("global %ld local %ld string %zu %s\n", global_total, total, s.size(),
              s.substr(0, 20).c_str());
}
