// Race-free programs report nothing and exit 0, with the serial elision's output:
// children writing neighbouring bytes of one array (byte-exact shadow), children whose
// frames reuse the same stack addresses (dead frames forgotten), heap blocks freed by
// one child and allocated by the next (fresh blocks forgotten), parallel reads of shared
// data, atomic increments, accesses after the sync, and fib.
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %clangxx -O1 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: %t > %t.out 2> %t.err
// RUN: %t.serial | diff - %t.out
// RUN: FileCheck --allow-empty %s < %t.err
// CHECK-NOT: sprig race
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static char bytes[64];
static const int table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static std::atomic<long> counter{0};

__attribute__((noinline)) void set_byte(int i) { bytes[i] = static_cast<char>('a' + i % 26); }

__attribute__((noinline)) long stack_user(int seed) {
  volatile long local[64];
  for (int i = 0; i < 64; ++i)
    local[i] = seed + i;
  long s = 0;
  for (int i = 0; i < 64; ++i)
    s += local[i];
  return s;
}

__attribute__((noinline)) long heap_user(int n) {
  long *p = static_cast<long *>(std::malloc(sizeof(long) * n));
  for (int i = 0; i < n; ++i)
    p[i] = i;
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i];
  std::free(p);
  return s;
}

__attribute__((noinline)) int read_table(int i) { return table[i % 8] + table[(i + 3) % 8]; }

__attribute__((noinline)) void tick() { counter.fetch_add(1); }

#include "../scale/Inputs/fib.h"

int main() {
  for (int i = 0; i < 64; ++i)
    [[sprig::spawn]] set_byte(i);
  long s[8], h[8];
  int t[8];
  for (int i = 0; i < 8; ++i) {
    [[sprig::spawn]] s[i] = stack_user(i);
    [[sprig::spawn]] h[i] = heap_user(16 + i);
    [[sprig::spawn]] t[i] = read_table(i);
    [[sprig::spawn]] tick();
  }
  [[sprig::sync]];
  long total = fib(15);
  for (int i = 0; i < 8; ++i)
    total += s[i] + h[i] + t[i];
  std::printf("%.64s %ld %ld\n", bytes, total, counter.load());
}
