// Spawned declarations and assignments whose result is converted or list-initialized,
// and C library functions Clang also knows as builtins, were wrongly rejected:
// brace-initialized classes and aggregates, converting constructors (with a defaulted
// allocator argument), explicit casts, memcpy/strlen/sqrt/labs/snprintf.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: 3 11 c b 12 4 15 b 21
// CHECK: 5 7 d 5 7
// CHECK: template 13 16 19
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
struct Res { long a, b; };
struct W { long v; };
std::string fs(long x) { return std::to_string(x); }
Res fr(long x) { return Res{x, x + 1}; }
const char *fc(long x) { static const char *t[] = {"a", "b", "c"}; return t[x % 3]; }
int fi(int x) { return x * 3; }
double fd(double x) { return x / 2; }
int forms() {
  [[sprig::spawn]] std::string s{fs(123)};
  [[sprig::spawn]] Res r{fr(5)};
  [[sprig::spawn]] std::string t = fc(2);
  std::string t2;
  [[sprig::spawn]] t2 = fc(1);
  long a, b;
  [[sprig::spawn]] a = (long)fi(4);
  [[sprig::spawn]] b = static_cast<long>(fd(9.0));
  [[sprig::spawn]] long c = long(fi(5));
  [[sprig::spawn]] std::string v{fc(1)};
  [[sprig::spawn]] W w{fi(7)};
  [[sprig::sync]];
  std::printf("%zu %ld %s %s %ld %ld %ld %s %ld\n", s.size(), r.a + r.b, t.c_str(),
              t2.c_str(), a, b, c, v.c_str(), w.v);
  return 0;
}
int libc() {
  const char *s = "hello";
  std::size_t n;
  double r;
  long a;
  char src[8] = "abcdefg", dst[8] = {};
  char buf[16];
  int m;
  [[sprig::spawn]] n = std::strlen(s);
  [[sprig::spawn]] r = std::sqrt(49.0);
  [[sprig::spawn]] std::memcpy(dst, src, 8);
  [[sprig::spawn]] a = std::labs(-5L);
  [[sprig::spawn]] m = std::snprintf(buf, sizeof buf, "%d", 1234567);
  [[sprig::sync]];
  std::printf("%zu %ld %c %ld %d\n", n, (long)r, dst[3], a, m);
  return 0;
}
// In a template the pattern is checked too, where a functional cast or a parenthesized
// initializer with a dependent argument is not yet a cast (fuzz seed 1498).
template <int K> int in_template() {
  auto lv = [](long x) { return x * 3 + K; };
  [[sprig::spawn]] long a = long(lv(4));
  [[sprig::spawn]] long b(lv(5));
  [[sprig::spawn]] long c = static_cast<long>(lv(6));
  [[sprig::sync]];
  std::printf("template %ld %ld %ld\n", a, b, c);
  return 0;
}
int main() { return forms() + libc() + in_template<1>(); }
