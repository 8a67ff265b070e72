// A label inside an `if` whose condition is a constant false keeps the body in Clang's
// IR behind `br i1 false`; the pass's clean-up folds that branch and deletes the body,
// syncs included, which the pass then used (a crash in the lowering at every -O).
// Syncs are collected again after the clean-up.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: r=3 r=4 r=0
#include <cstdio>
#include <string>
typedef unsigned long long u64;
struct Res { u64 a; u64 b; int c; };
struct F6 {
  u64 operator()(const Res &p0, const std::string &p1) const { return p0.a + p1.size(); }
};
u64 g(int d, u64 a, std::string s, bool jump) {
  u64 r = 0;
  const F6 obj{};
  if (jump)
    goto skip;
  if (42ULL % 5 == 3) {
  skip:;
    {
      if ([[sprig::spawn]] u64 x = obj(Res{a + d, 9 - a, 7}, s); (d + a) % 5 == 0) {
        [[sprig::sync]];
        r = x;
      } else {
        [[sprig::sync]];
        r = x + 1;
      }
    }
  }
  return r;
}
int main() { std::printf("r=%llu r=%llu r=%llu\n", g(0, 0, "abc", true) , g(1, 2, "x", true) - 1, g(1, 2, "x", false)); }
