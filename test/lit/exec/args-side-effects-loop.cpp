// Argument side effects in a loop: `[[sprig::spawn]] r[i] = f(v, i++);` evaluates its
// arguments (the i++, the copy of v) before the continuation goes on, exactly once per
// iteration, and stores into the element the serial program would (C++17: the
// right-hand side is sequenced before the left, so the target is r[i] after i++).
// Every call must see a distinct i, and a copy of v as it was at its spawn although the
// continuation mutates v right after.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: seen each i once: 1
// CHECK: copies as spawned: 1
#include <atomic>
#include <cstdio>
#include <vector>

constexpr int N = 200;
std::atomic<int> seen[N];
long copy_ok[N];

long work(int n) { return n < 2 ? n : work(n - 1) + work(n - 2); }

long f(std::vector<int> v, int i) {
  seen[i].fetch_add(1, std::memory_order_relaxed);
  long w = work(18 + i % 6);
  // v must be the vector at the spawn of call i: size i + 1, v[k] == k.
  bool ok = (int)v.size() == i + 1;
  for (int k = 0; ok && k <= i; ++k)
    ok = v[k] == k;
  copy_ok[i] = ok;
  return w + 1000L * i;
}

int main() {
  std::vector<int> v{0};
  long r[N + 1] = {0};
  for (int i = 0; i < N;) {
    [[sprig::spawn]] r[i] = f(v, i++);
    v.push_back((int)v.size());  // the continuation mutates v at once
  }
  [[sprig::sync]];
  bool once = true, copies = true;
  for (int i = 0; i < N; ++i) {
    once = once && seen[i].load() == 1;
    copies = copies && copy_ok[i];
  }
  std::printf("seen each i once: %d\n", (int)once);
  std::printf("copies as spawned: %d\n", (int)copies);
  for (int i = 0; i <= N; ++i)
    std::printf("r[%d]=%ld\n", i, r[i]);
}
