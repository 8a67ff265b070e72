// Every kind of spawned function the fast spawn treats apart (docs/performance.md, "The
// fast spawn for every kind of callee"), against the serial elision at -O0..-O3 and
// P = 1, 2, 4, 8: internal functions the optimiser would change apart from their serial
// clones (static, anonymous namespace, a generic lambda through itself, a dead argument,
// a reference argument, a constant argument), and indirect spawns whose guessed target
// (the one address-taken spawner of the type) is right, wrong (a non-spawning function
// of the same type), or a virtual overrider; exceptions from a guessed child reach the
// parent at its sync.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: static=6765 anon=6765 lambda=6765 dead=6765 ref=6765 const=20295
// CHECK: right=6765 wrong=110 virtual=6765 other=110 caught=13 after=6765
#include <cstdio>
#include <stdexcept>

static long fib_static(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib_static(n - 1);
  y = fib_static(n - 2);
  [[sprig::sync]];
  return x + y;
}

namespace {
long fib_anon(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib_anon(n - 1);
  y = fib_anon(n - 2);
  [[sprig::sync]];
  return x + y;
}
}  // namespace

static long fib_dead(long n, long unused) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib_dead(n - 1, unused);
  y = fib_dead(n - 2, unused);
  [[sprig::sync]];
  return x + y;
}

static long fib_ref(const long &n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib_ref(n - 1);
  y = fib_ref(n - 2);
  [[sprig::sync]];
  return x + y;
}

static long fib_const(long n, long k) {
  if (n < 2)
    return n * k;
  long x, y;
  [[sprig::spawn]] x = fib_const(n - 1, k);
  y = fib_const(n - 2, k);
  [[sprig::sync]];
  return x + y;
}

// Indirect: fib_ptr is the only spawner of type long(long) whose address is taken.
long fib_ptr(long n);
long plus_one(long n) { return n + 1; }
long (*volatile target)(long) = fib_ptr;
long fib_ptr(long n) {
  if (n < 2)
    return n;
  long x, y;
  long (*f)(long) = target;
  [[sprig::spawn]] x = f(n - 1);
  y = fib_ptr(n - 2);
  [[sprig::sync]];
  return x + y;
}

long thrower(long n);
long (*volatile throw_target)(long) = thrower;
long thrower(long n) {
  if (n == 13)
    throw std::runtime_error("13");
  if (n < 2)
    return n;
  long x, y;
  long (*f)(long) = throw_target;
  [[sprig::spawn]] x = f(n - 1);
  y = n;
  [[sprig::sync]];
  return x + y;
}

struct Node {
  virtual long fib(long n) = 0;
  virtual ~Node() = default;
};
struct Spawning : Node {
  long fib(long n) override;
};
struct Plain : Node {
  long fib(long n) override { return n + 1; }
};
Node *volatile callee;
long Spawning::fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  Node *c = callee;
  [[sprig::spawn]] x = c->fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

int main() {
  auto fib_lambda = [](auto &self, long n) -> long {
    if (n < 2)
      return n;
    long x, y;
    [[sprig::spawn]] x = self(self, n - 1);
    y = self(self, n - 2);
    [[sprig::sync]];
    return x + y;
  };
  std::printf("static=%ld anon=%ld lambda=%ld dead=%ld ref=%ld const=%ld\n", fib_static(20),
              fib_anon(20), fib_lambda(fib_lambda, 20), fib_dead(20, 7), fib_ref(20),
              fib_const(20, 3));
  long right = fib_ptr(20);
  target = plus_one;
  long wrong = fib_ptr(20);  // the guess fails: plus_one(19) + fib_ptr(18) = 20 + 90
  target = fib_ptr;
  Spawning s;
  Plain p;
  callee = &s;
  long virt = s.fib(20);
  callee = &p;
  long other = s.fib(20);
  long caught = 0, after = 0;
  try {
    thrower(20);
  } catch (const std::runtime_error &) {
    caught = 13;
  }
  after = fib_ptr(20);
  std::printf("right=%ld wrong=%ld virtual=%ld other=%ld caught=%ld after=%ld\n", right,
              wrong, virt, other, caught, after);
  return 0;
}
