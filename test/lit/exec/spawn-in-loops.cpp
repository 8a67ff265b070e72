// Spawns in loops: for, while, do-while, range-for, nested loops, and a loop with
// break and continue around the spawn.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: for=[[SUM:[0-9]+]] while=[[SUM]] do=[[SUM]] range=[[SUM]] nested=[[NESTED:[0-9]+]] breakcont={{[0-9]+}}
#include <cstdio>
#include <vector>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
void fibto(long *out, int n) { *out = fib(n); }

static long total(const long *r, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += r[i];
  return s;
}

int main() {
  const int N = 48;
  long r[N], nested[8][8];
  for (int i = 0; i < N; ++i)
    [[sprig::spawn]] fibto(&r[i], 14 + i % 10);
  [[sprig::sync]];
  long s_for = total(r, N);

  int i = 0;
  while (i < N) {
    [[sprig::spawn]] fibto(&r[i], 14 + i % 10);
    ++i;
  }
  [[sprig::sync]];
  long s_while = total(r, N);

  i = 0;
  do {
    [[sprig::spawn]] fibto(&r[i], 14 + i % 10);
  } while (++i < N);
  [[sprig::sync]];
  long s_do = total(r, N);

  std::vector<int> idx;
  for (int k = 0; k < N; ++k)
    idx.push_back(k);
  for (int k : idx)
    [[sprig::spawn]] fibto(&r[k], 14 + k % 10);
  [[sprig::sync]];
  long s_range = total(r, N);

  for (int a = 0; a < 8; ++a)
    for (int b = 0; b < 8; ++b)
      [[sprig::spawn]] fibto(&nested[a][b], 12 + a + b);
  [[sprig::sync]];
  long s_nested = total(&nested[0][0], 64);

  for (long &x : r)
    x = 0;
  for (int k = 0;; ++k) {
    if (k % 3 == 1)
      continue;
    if (k >= N)
      break;
    [[sprig::spawn]] fibto(&r[k], 16 + k % 8);
  }
  [[sprig::sync]];
  long s_bc = total(r, N);

  std::printf("for=%ld while=%ld do=%ld range=%ld nested=%ld breakcont=%ld\n", s_for,
              s_while, s_do, s_range, s_nested, s_bc);
}
