// By-value arguments are copied before the continuation can run: the continuation
// mutates (and destroys) the originals right after each spawn; every child must see the
// values at its spawn. Covers std::string, std::vector, and a class whose copy
// constructor records the copy; also checks every copy is destroyed exactly once.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: mismatches=0
// CHECK: live=0
#include <atomic>
#include <cstdio>
#include <string>
#include <vector>

std::atomic<long> live{0};

struct Tracked {
  int value;
  explicit Tracked(int v) : value(v) { live++; }
  Tracked(const Tracked &o) : value(o.value) { live++; }
  ~Tracked() {
    value = -1;
    live--;
  }
};

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

std::atomic<int> mismatches{0};

void child(std::string s, std::vector<int> v, Tracked t, int i) {
  if (fib(21 + i % 4) < 0)  // let the continuation run ahead
    mismatches++;
  std::string want = "value-" + std::to_string(i) + std::string(40, 'x');
  if (s != want || (int)v.size() != i + 1 || v.back() != i || t.value != i)
    mismatches++;
}

void run(int n) {
  std::string s;
  std::vector<int> v;
  for (int i = 0; i < n; ++i) {
    s = "value-" + std::to_string(i) + std::string(40, 'x');
    v.push_back(i);
    Tracked t(i);
    [[sprig::spawn]] child(s, v, t, i);
    s.assign(100, '?');  // the continuation overwrites the originals at once
    v.back() = -7;
    t.value = -7;
    v.back() = i;
  }  // t destroyed here each iteration, maybe before the child reads its copy
}

int main() {
  run(300);
  std::printf("mismatches=%d\n", mismatches.load());
  std::printf("live=%ld\n", live.load());
}
