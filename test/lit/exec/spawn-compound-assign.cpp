// Spawned compound assignments, `[[sprig::spawn]] x op= f(args);`: the call runs as the
// child, its arguments and the target are evaluated in the parent before the detach, and
// the update `x op= result` happens in the child when the call returns, as in the serial
// program. Every built-in compound operator on integers, floating point and a pointer;
// overloaded operators (a member `std::string::operator+=`, a free `operator*=`, a
// member of a class template, `std::atomic`'s); targets that are array elements,
// members and references; conversions of the result; children whose parents are
// stolen. Against the serial elision at -O0..-O3 and P = 1, 2, 4, 8.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: ops: 1346269 1346269 2692538 24 3 805306368 404 514 2097151 1048064
// CHECK: fp: 832040.5 -0.375 832041 0.5
// CHECK: ptr: 34
// CHECK: fib_plus(27) = 196418
// CHECK: sum_array = 75553
// CHECK: string: ab-ab-fib=6765
// CHECK: mat: 6765 10946 4181 6765
// CHECK: vec: 28657 46368
// CHECK: atomic: 832040
// CHECK: member: 317811 through-ref: 514229
#include <atomic>
#include <cstdio>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int ifib(int n) { return (int)fib(n); }
double half(int n) { return fib(n) / 2.0; }
unsigned shift_of(int n) { return (unsigned)(fib(n) % 7) + 1; }  // fib(20) % 7 + 1 = 4
long times(int n, long k) { return fib(n) * k; }

// Each operator once, with a stolen continuation doing more work in between.
void ops() {
  long a = 0, b = 1346269 + 101, c = 2, d = 24 * 832040, e = 5 * 6765 + 3;
  unsigned long f = 3UL << 24;
  long g = 101 << 6, h = 512, i = 1 << 20, j = 1048575;
  [[sprig::spawn]] a += fib(31);
  [[sprig::spawn]] b -= times(1, 101);
  long k = fib(25);
  [[sprig::spawn]] c *= fib(31);
  [[sprig::spawn]] d /= fib(30);
  [[sprig::spawn]] e %= ifib(20);
  [[sprig::spawn]] f <<= shift_of(20);  // 3 << 24 << 4
  [[sprig::spawn]] g >>= shift_of(20);
  [[sprig::spawn]] h |= fib(3);
  [[sprig::spawn]] i ^= times(2, (1 << 20) - 1);  // 2^20 ^ (2^20 - 1) = 2^21 - 1
  [[sprig::spawn]] j &= times(1, 1048064);
  k += fib(24);
  [[sprig::sync]];
  std::printf("ops: %ld %ld %ld %ld %ld %lu %ld %ld %ld %ld\n", a, b, c, d, e, f, g, h, i, j);
  (void)k;
}

void fp() {
  double x = 0.5, y = 0.125, z = 2;
  float w = 1;
  [[sprig::spawn]] x += fib(30);       // long -> double
  [[sprig::spawn]] y -= half(1);       // 0.125 - 0.5
  [[sprig::spawn]] z *= half(30);      // 832040
  [[sprig::spawn]] w /= (float)fib(3); // explicit cast, in the child
  long t = fib(28);
  [[sprig::sync]];
  std::printf("fp: %.1f %.3f %.0f %.1f\n", x, y, z + 1, w);
  (void)t;
}

void ptr() {
  static int arr[40];
  int *p = arr;
  [[sprig::spawn]] p += times(9, 1);  // 34
  long t = fib(27);
  [[sprig::sync]];
  std::printf("ptr: %ld\n", (long)(p - arr));
  (void)t;
}

long fib_plus(int n) {
  if (n < 2)
    return n;
  long s = 0;
  [[sprig::spawn]] s += fib_plus(n - 1);
  long y = fib_plus(n - 2);
  [[sprig::sync]];
  return s + y;
}

// Array elements: each child updates its own element (the index is evaluated in the
// parent, before the detach).
long sum_array() {
  long acc[32];
  for (int i = 0; i < 32; ++i)
    acc[i] = i;
  for (int i = 0; i < 32; ++i)
    [[sprig::spawn]] acc[i] += fib(i % 24);
  [[sprig::sync]];
  long s = 0;
  for (long v : acc)
    s += v;
  return s;
}

std::string fibs(int n) { return "fib=" + std::to_string(fib(n)); }
std::string ab(int n) { return fib(n) > 0 ? "ab-" : "?"; }

struct Mat {  // a 2x2 matrix, [[a b] [c d]]
  long a, b, c, d;
};
Mat &operator*=(Mat &m, const Mat &o) {
  m = Mat{m.a * o.a + m.b * o.c, m.a * o.b + m.b * o.d, m.c * o.a + m.d * o.c,
          m.c * o.b + m.d * o.d};
  return m;
}
Mat fibmat(int n) {  // [[1 1] [1 0]]^n, slowly
  Mat r{1, 0, 0, 1};
  for (int i = 0; i < n; ++i)
    r *= Mat{1, 1, 1, 0};
  (void)fib(20);
  return r;
}

template <typename T> struct Vec {
  T x, y;
  Vec &operator+=(const Vec &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
};
Vec<long> vfib(int n) { return Vec<long>{fib(n), fib(n + 1)}; }

struct Acc {
  long total = 0;
  void add(int n) {
    [[sprig::spawn]] total += fib(n);  // a member through this
    long t = fib(n - 2);
    [[sprig::sync]];
    (void)t;
  }
};

void through_ref(long &r, int n) {
  [[sprig::spawn]] r += fib(n);
  long t = fib(n - 1);
  [[sprig::sync]];
  (void)t;
}

int main() {
  ops();
  fp();
  ptr();
  std::printf("fib_plus(27) = %ld\n", fib_plus(27));
  std::printf("sum_array = %ld\n", sum_array());
  std::string s = "ab-";
  [[sprig::spawn]] s += ab(20);
  long t = fib(26);
  [[sprig::sync]];
  [[sprig::spawn]] s += fibs(20);
  [[sprig::sync]];
  std::printf("string: %s\n", s.c_str());
  Mat m{1, 0, 0, 1};
  [[sprig::spawn]] m *= fibmat(20);
  (void)fib(25);
  [[sprig::sync]];
  std::printf("mat: %ld %ld %ld %ld\n", m.b, m.a, m.d, m.c);
  Vec<long> v{0, 0};
  [[sprig::spawn]] v += vfib(23);
  (void)fib(24);
  [[sprig::sync]];
  std::printf("vec: %ld %ld\n", v.x, v.y);
  std::atomic<long> at{0};
  [[sprig::spawn]] at += fib(29);
  [[sprig::spawn]] at += fib(28);
  [[sprig::sync]];
  std::printf("atomic: %ld\n", at.load());
  Acc acc;
  acc.add(28);
  long r = 0;
  through_ref(r, 29);
  std::printf("member: %ld through-ref: %ld\n", acc.total, r);
  (void)t;
}
