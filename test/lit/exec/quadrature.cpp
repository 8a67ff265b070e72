// Adaptive Simpson quadrature of an oscillating function: each half of an interval
// that needs refinement is spawned (about 200000 intervals). The halves are always
// combined in the same order, so the parallel result is bit-identical to the serial.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: integral of sin(x^2)*exp(-x/9)+sqrt(x) on [0,30] = 110.1175034782
// CHECK: intervals={{[0-9]{6}$}}
#include <cmath>
#include <cstdio>

static double fn(double x) { return std::sin(x * x) * std::exp(-x / 9) + std::sqrt(x); }

struct Q {
  double value;
  long intervals;
};

static double simpson(double a, double b, double fa, double fm, double fb) {
  return (b - a) / 6 * (fa + 4 * fm + fb);
}

Q adapt(double a, double b, double fa, double fm, double fb, double whole, double eps,
        int depth) {
  double m = (a + b) / 2, lm = (a + m) / 2, rm = (m + b) / 2;
  double flm = fn(lm), frm = fn(rm);
  double left = simpson(a, m, fa, flm, fm), right = simpson(m, b, fm, frm, fb);
  if (depth >= 50 || std::fabs(left + right - whole) <= 15 * eps)
    return {left + right + (left + right - whole) / 15, 1};
  [[sprig::spawn]] Q l = adapt(a, m, fa, flm, fm, left, eps / 2, depth + 1);
  Q r = adapt(m, b, fm, frm, fb, right, eps / 2, depth + 1);
  [[sprig::sync]];
  return {l.value + r.value, l.intervals + r.intervals};
}

int main() {
  double a = 0, b = 30, fa = fn(a), fb = fn(b), fm = fn((a + b) / 2);
  Q q = adapt(a, b, fa, fm, fb, simpson(a, b, fa, fm, fb), 1e-13, 0);
  std::printf("integral of sin(x^2)*exp(-x/9)+sqrt(x) on [0,30] = %.17g\n", q.value);
  std::printf("intervals=%ld\n", q.intervals);
}
