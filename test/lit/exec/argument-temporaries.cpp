// Temporaries created for a spawned call's arguments (a std::string built in the
// argument list and bound to a const reference, a class prvalue bound to a const
// reference) live in the child until the call returns, even though the parent's
// continuation immediately creates the next iteration's temporaries.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -O0 %s -o %t.par0
// RUN: %run_p %t.serial %t.par0 | FileCheck %s
// CHECK: bad=0 sum=
#include <atomic>
#include <cstdio>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
std::atomic<int> bad{0};
std::atomic<long> sum{0};

struct Big {
  long v[16];
  int id;
  explicit Big(int i) : id(i) {
    for (auto &x : v)
      x = i;
  }
  ~Big() {
    id = -1;
    for (auto &x : v)
      x = -1;
  }
};

void check_str(const std::string &s, int i) {
  long w = fib(18 + i % 5);  // the continuation runs ahead meanwhile
  if (s != "item-" + std::to_string(i) + std::string(40, 'z'))
    bad++;
  sum += w;
}

void check_big(const Big &b, int i) {
  long w = fib(18 + i % 5);
  for (long x : b.v)
    if (x != i) {
      bad++;
      break;
    }
  if (b.id != i)
    bad++;
  sum += w;
}

int main() {
  for (int i = 0; i < 300; ++i) {
    [[sprig::spawn]] check_str("item-" + std::to_string(i) + std::string(40, 'z'), i);
    [[sprig::spawn]] check_big(Big(i), i);
  }
  [[sprig::sync]];
  std::printf("bad=%d sum=%ld\n", bad.load(), sum.load());
}
