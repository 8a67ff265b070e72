// Spawns in function templates: a recursive reduction instantiated for int, long and
// double, and a template whose spawned call's type depends on the parameter.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: sum<int>=500000500000
// CHECK: sum<long>=500000500000
// CHECK: sum<double>=500000500000
// CHECK: apply<square>=333333833333500000
// CHECK: fib<long>(27)=196418
#include <cstdio>
#include <vector>

template <class T> long double sum(const T *a, long n) {
  if (n <= 2000) {
    long double s = 0;
    for (long i = 0; i < n; ++i)
      s += a[i];
    return s;
  }
  long double l, r;
  [[sprig::spawn]] l = sum<T>(a, n / 2);
  r = sum(a + n / 2, n - n / 2);
  [[sprig::sync]];
  return l + r;
}

template <class F> long long apply_sum(F f, long lo, long hi) {
  if (hi - lo <= 1000) {
    long long s = 0;
    for (long i = lo; i < hi; ++i)
      s += f(i);
    return s;
  }
  long mid = lo + (hi - lo) / 2;
  [[sprig::spawn]] auto l = apply_sum(f, lo, mid);
  auto r = apply_sum(f, mid, hi);
  [[sprig::sync]];
  return l + r;
}

template <class T> T fib(T n) {
  if (n < 2)
    return n;
  [[sprig::spawn]] T a = fib<T>(n - 1);
  T b = fib<T>(n - 2);
  [[sprig::sync]];
  return a + b;
}

long long square(long i) { return (long long)i * i; }

int main() {
  const long n = 1000000;
  std::vector<int> vi(n);
  std::vector<long> vl(n);
  std::vector<double> vd(n);
  for (long i = 0; i < n; ++i)
    vi[i] = (int)(i + 1), vl[i] = i + 1, vd[i] = double(i + 1);
  std::printf("sum<int>=%.0Lf\n", sum(vi.data(), n));
  std::printf("sum<long>=%.0Lf\n", sum(vl.data(), n));
  std::printf("sum<double>=%.0Lf\n", sum(vd.data(), n));
  std::printf("apply<square>=%lld\n", apply_sum(square, 0, n + 1));
  std::printf("fib<long>(27)=%ld\n", fib<long>(27));
}
