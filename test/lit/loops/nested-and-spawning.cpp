// [[sprig::parallel_for]] in every place a loop can be, against the serial elision at
// -O0..-O3 and P=1,2,4,8: nested loops (a triangle: the inner bound depends on the outer
// variable), a body that spawns and syncs, a body that spawns without a sync (the
// iteration's implicit sync waits for its children before the iteration ends), continue,
// a lambda in the body that captures the loop variable, loops in a function template
// (two instantiations), in a lambda, in a member function, inside a spawned call, and in
// a function that also spawns outside the loop.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: triangle 62499750
// CHECK: spawning {{[0-9]+}} unsynced {{[0-9]+}}
// CHECK: continue 2500 lambda 4950
// CHECK: template 500 1200
// CHECK: in-lambda 300 member 90
// CHECK: in-spawned {{[0-9]+}}
#include <cstdio>
#include <vector>

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}
void store_fib(long *out, int n) { *out = fib(n); }

template <class T> T sum_squares(const std::vector<T> &v) {
  std::vector<T> sq(v.size());
  [[sprig::parallel_for]] for (size_t i = 0; i < v.size(); ++i) sq[i] = v[i] * v[i];
  T s = 0;
  for (T x : sq) s += x;
  return s;
}

struct Grid {
  std::vector<int> cells = std::vector<int>(30);
  int fill(int k) {
    [[sprig::parallel_for]] for (int i = 0; i < (int)cells.size(); ++i) cells[i] = k;
    int s = 0;
    for (int c : cells) s += c;
    return s;
  }
};

long loop_then_spawn(int n) {
  std::vector<long> r(n);
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) r[i] = fib(12 + i % 3);
  long x;
  [[sprig::spawn]] x = fib(15);
  long s = fib(14);
  [[sprig::sync]];
  for (long v : r) s += v;
  return s + x;
}

int main() {
  // A triangle: for each i, j in [i, 500).
  static long t[500][500];
  [[sprig::parallel_for]] for (int i = 0; i < 500; ++i) {
    [[sprig::parallel_for]] for (int j = i; j < 500; ++j) t[i][j] = i + j;
  }
  long st = 0;
  for (auto &row : t) for (long x : row) st += x;
  std::printf("triangle %ld\n", st);

  std::vector<long> f(60), g(60);
  [[sprig::parallel_for]] for (int i = 0; i < 60; ++i) {
    long x, y;
    [[sprig::spawn]] x = fib(8 + i % 9);
    y = fib(7 + i % 4);
    [[sprig::sync]];
    f[i] = x * 100 + y;
  }
  [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (int i = 0; i < 60; ++i) {
    long a = 0, b = 0;
    [[sprig::spawn]] store_fib(&a, 10 + i % 7);
    [[sprig::spawn]] store_fib(&b, 9);
    [[sprig::sync]];  // waits for this iteration's two children only
    g[i] = a + b;
  }
  long sf = 0, sg = 0;
  for (long x : f) sf += x;
  for (long x : g) sg += x;
  // Children left running at the end of an iteration: the iteration waits for them.
  std::vector<long> h(40);
  [[sprig::parallel_for]] for (int i = 0; i < 40; ++i) {
    [[sprig::spawn]] store_fib(&h[i], 12 + i % 5);
  }
  long sh = 0;
  for (long x : h) sh += x;
  std::printf("spawning %ld unsynced %ld\n", sf + sg, sh);

  std::vector<int> c(5000);
  [[sprig::parallel_for]] for (int i = 0; i < 5000; ++i) {
    if (i % 2)
      continue;
    c[i] = 1;
  }
  int sc = 0;
  for (int x : c) sc += x;
  std::vector<long> l(100);
  [[sprig::parallel_for]] for (int i = 0; i < 100; ++i) {
    auto get = [i] { return (long)i; };
    auto put = [&](long v) { l[i] = v; };
    put(get());
  }
  long sl = 0;
  for (long x : l) sl += x;
  std::printf("continue %d lambda %ld\n", sc, sl);

  std::printf("template %d %ld\n", sum_squares(std::vector<int>(125, 2)),
              sum_squares(std::vector<long>(300, 2)));

  auto in_lambda = [](int n) {
    std::vector<int> v(n);
    [[sprig::parallel_for]] for (int i = 0; i < n; ++i) v[i] = 3;
    int s = 0;
    for (int x : v) s += x;
    return s;
  };
  Grid grid;
  std::printf("in-lambda %d member %d\n", in_lambda(100), grid.fill(3));

  long a, b;
  [[sprig::spawn]] a = loop_then_spawn(50);
  b = loop_then_spawn(30);
  [[sprig::sync]];
  std::printf("in-spawned %ld\n", a + b);
}
