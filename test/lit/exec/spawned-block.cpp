// [[sprig::spawn]] { ... }: the block runs as the child. Its locals are its own (one
// per spawned block, also in a loop), it reads and writes the enclosing variables by
// reference as a [&] lambda would, and it may hold loops with break and continue,
// gotos inside it, try/catch, calls of functions that spawn, and lambdas. Compared with
// the serial elision at -O0..-O3, P = 1, 2, 4, 8.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: two blocks: 6765 4181
// CHECK: locals: 0 1 1 2 3 5 8 13 21 34 55 89 144 233 377 610
// CHECK: inner loop: 1000 prime-ish=168
// CHECK: goto inside: 12
// CHECK: try inside: caught 3 of 8
// CHECK: spawning callee: 832040
// CHECK: in scope: 10946 17711
// CHECK: class local: hello world 11
// CHECK: template: 2584
// CHECK: lambda: 6765 4181
// CHECK: calls a spawning lambda: 21892
// CHECK: function-try-block: 6765
#include <cstdio>
#include <stdexcept>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

long pfib(int n) {
  if (n < 2)
    return n;
  long x = 0;
  [[sprig::spawn]] {
    x = pfib(n - 1);
  }
  long y = pfib(n - 2);
  [[sprig::sync]];
  return x + y;
}

void two_blocks() {
  long a = 0, b = 0;
  [[sprig::spawn]] {
    long t = fib(20);
    a = t;
  }
  [[sprig::spawn]] {
    long t = fib(19);  // another t: each block's locals are its own
    b = t;
  }
  [[sprig::sync]];
  std::printf("two blocks: %ld %ld\n", a, b);
}

void locals_in_loop() {
  long r[16];
  for (int i = 0; i < 16; ++i) {
    [[sprig::spawn]] {
      int k = i;  // i by reference, as [&] would: the sync below keeps it stable
      long v = fib(k);
      r[k] = v;
    }
    [[sprig::sync]];
  }
  std::printf("locals:");
  for (long v : r)
    std::printf(" %ld", v);
  std::printf("\n");
}

void inner_loop() {
  int count = 0, primes = 0;
  [[sprig::spawn]] {
    for (int n = 2;; ++n) {
      if (n > 1000)
        break;
      bool p = true;
      for (int d = 2; d * d <= n; ++d)
        if (n % d == 0) {
          p = false;
          break;
        }
      if (!p)
        continue;
      ++primes;
    }
    count = 1000;
  }
  [[sprig::sync]];
  std::printf("inner loop: %d prime-ish=%d\n", count, primes);
}

void goto_inside() {
  int n = 0;
  [[sprig::spawn]] {
    int i = 0;
  top:
    n += 2;
    if (++i < 6)
      goto top;
  }
  [[sprig::sync]];
  std::printf("goto inside: %d\n", n);
}

void try_inside() {
  int caught = 0;
  for (int i = 0; i < 8; ++i) {
    [[sprig::spawn]] {
      try {
        if (i % 3 == 0)
          throw std::runtime_error("x");
      } catch (const std::exception &) {
        ++caught;
      }
    }
    [[sprig::sync]];
  }
  std::printf("try inside: caught %d of 8\n", caught);
}

void in_scope() {
  long a = 0, b = 0;
  [[sprig::scope]] {
    [[sprig::spawn]] { a = fib(21); }
    [[sprig::spawn]] { b = fib(22); }
  }
  std::printf("in scope: %ld %ld\n", a, b);
}

void class_local() {
  std::string out;
  std::size_t len = 0;
  [[sprig::spawn]] {
    std::string s = "hello";
    s += " world";
    len = s.size();
    out = s;
  }
  [[sprig::sync]];
  std::printf("class local: %s %zu\n", out.c_str(), len);
}

template <int N> long tblock() {
  long r = 0;
  [[sprig::spawn]] { r = fib(N); }
  [[sprig::sync]];
  return r;
}

long lambda_spawns(int n) {
  long a = 0, b = 0;
  [[sprig::spawn]] {
    auto inner = [&] {  // a function of its own: it may spawn and sync
      long x = 0;
      [[sprig::spawn]] x = fib(n - 1);
      long y = fib(n - 2);
      [[sprig::sync]];
      return x + y;
    };
    a = inner();
  }
  b = fib(n - 3);
  [[sprig::sync]];
  return a + b;
}

long fn_try(int n) try {
  long a = 0;
  [[sprig::spawn]] { a = fib(n); }
  [[sprig::sync]];
  return a;
} catch (...) {
  return -1;
}

int main() {
  two_blocks();
  locals_in_loop();
  inner_loop();
  goto_inside();
  try_inside();
  std::printf("spawning callee: %ld\n", pfib(30));
  in_scope();
  class_local();
  std::printf("template: %ld\n", tblock<18>());
  auto lam = [](int n) {
    long a = 0, b = 0;
    [[sprig::spawn]] { a = fib(n); }
    [[sprig::spawn]] {
      long t = fib(n - 1);
      b = t;
    }
    [[sprig::sync]];
    std::printf("lambda: %ld %ld\n", a, b);
  };
  lam(20);
  std::printf("calls a spawning lambda: %ld\n", lambda_spawns(22));
  std::printf("function-try-block: %ld\n", fn_try(20));
}
