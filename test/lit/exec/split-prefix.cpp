// Spawning functions whose leaves return before any spawn are split into a frameless
// wrapper and a lowered body (plugin/late/SplitPrefix.cpp). The shapes below exercise it:
// a prefix working on a local array, a pure prefix loop that the body runs again, a
// member function, a struct returned through sret, eight stack-passed arguments and a
// struct passed by value in memory (both forwarded by the tail call), a spawn in a loop,
// a leaf that throws into the spawning parent, and a leaf writing through an
// out-parameter. Same output as the serial elision at SPRIG_NWORKERS=1,2,4,8.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: local=[[#]] pure=[[#]] member=[[#]] big=[[#]] many=[[#]] byval=[[#]] loop=[[#]] thrown=[[#]] out=[[#]]
#include <cstdio>
#include <stdexcept>

long local_prefix(int n) {
  int digits[4];
  for (int i = 0; i < 4; ++i)
    digits[i] = (n >> i) & 1;
  if (n < 3)
    return n + digits[0];
  long x, y;
  [[sprig::spawn]] x = local_prefix(n - 1);
  y = local_prefix(n - 2);
  [[sprig::sync]];
  return x + y + digits[1];
}

const int table[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
long pure_prefix(int n) {
  long s = 0;
  for (int i = 0; i < 16; ++i)
    s += table[i] * (n & 1);
  if (n < 3)
    return s + n;
  long x, y;
  [[sprig::spawn]] x = pure_prefix(n - 1);
  y = pure_prefix(n - 2);
  [[sprig::sync]];
  return x + y;
}

struct Tree {
  int base;
  long count(int depth) const {
    if (depth == 0)
      return base;
    long l, r;
    [[sprig::spawn]] l = count(depth - 1);
    r = count(depth - 1);
    [[sprig::sync]];
    return l + r + 1;
  }
};

struct Big {
  long a[6];
};
Big big(int n) {
  if (n < 2)
    return Big{{n, 1, 2, 3, 4, n}};
  Big x;
  [[sprig::spawn]] x = big(n - 1);
  Big y = big(n - 2);
  [[sprig::sync]];
  Big s;
  for (int i = 0; i < 6; ++i)
    s.a[i] = x.a[i] + y.a[i];
  return s;
}

long many(int n, long a, long b, long c, long d, long e, long f, long g, long h) {
  if (n < 2)
    return n + a - b + c - d + e - f + g - h;
  long x, y;
  [[sprig::spawn]] x = many(n - 1, a + 1, b, c + 2, d, e + 3, f, g + 4, h);
  y = many(n - 2, a, b + 1, c, d + 2, e, f + 3, g, h + 4);
  [[sprig::sync]];
  return x + y;
}

// A struct passed by value in memory (IR `byval`): the tail call forwards it in place.
struct Five {
  long a, b, c, d, e;
};
long by_value(Five p, int n) {
  if (n < 2)
    return p.a + p.e + n;
  long x, y;
  Five q = p;
  q.a += 1;
  [[sprig::spawn]] x = by_value(q, n - 1);
  y = by_value(p, n - 2);
  [[sprig::sync]];
  return x + y;
}

long in_loop(int n) {
  if (n < 4)
    return n;
  long r[3];
  for (int i = 0; i < 3; ++i)
    [[sprig::spawn]] r[i] = in_loop(n - 1 - i);
  [[sprig::sync]];
  return r[0] + r[1] + r[2];
}

long throws_at_leaf(int n) {
  if (n < 2) {
    if (n == 1)
      throw std::runtime_error("leaf");
    return 0;
  }
  long x, y;
  [[sprig::spawn]] x = throws_at_leaf(n - 1);
  y = throws_at_leaf(n - 2);
  [[sprig::sync]];
  return x + y;
}

void to_out(int n, long *out) {
  if (n < 2) {
    *out = n;
    return;
  }
  long x, y;
  [[sprig::spawn]] to_out(n - 1, &x);
  to_out(n - 2, &y);
  [[sprig::sync]];
  *out = x + y;
}

int main() {
  long thrown = 0;
  for (int n = 2; n < 16; ++n) {
    try {
      throws_at_leaf(n);
    } catch (const std::runtime_error &) {
      ++thrown;
    }
  }
  Big b = big(20);
  long out = 0;
  to_out(24, &out);
  std::printf("local=%ld pure=%ld member=%ld big=%ld many=%ld byval=%ld loop=%ld thrown=%ld "
              "out=%ld\n",
              local_prefix(22), pure_prefix(20), Tree{3}.count(14),
              b.a[0] + b.a[1] + b.a[2] + b.a[3] + b.a[4] + b.a[5],
              many(20, 1, 2, 3, 4, 5, 6, 7, 8), by_value(Five{1, 2, 3, 4, 5}, 20), in_loop(18),
              thrown, out);
}
