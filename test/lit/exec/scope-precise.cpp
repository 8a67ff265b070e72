// [[sprig::scope]] waits for the children spawned in its block only: a child spawned
// before the scope may still be running after it. Each test spawns a "held" child before
// a scope; once it runs in parallel with its parent's continuation (which says so right
// after the spawn) it waits for a flag that only code *after* the scope sets. A scope that
// waited for it too (a whole-frame sync) would never get there: the child gives up after
// 10 s and the test prints TIMEOUT. At P = 1 and in the serial elision the child runs
// alone before the continuation: it waits a short grace for the continuation to start,
// then ends. Every way out of a scope (end, break, continue, goto; return and an
// exception sync the whole frame), nested scopes, loops around scopes. The scopes'
// own children's results are read right after the scope, with no sync: a scope that did
// not wait for them reads a result not yet written. Compared with the serial elision at
// -O0..-O3, P = 1, 2, 4, 8.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: end: 6765 4181 held=1
// CHECK: break: 3 last=610 held=2
// CHECK: continue: 5 sum=4147 held=3
// CHECK: goto: 377 233 held=4
// CHECK: return: 10946 held=5
// CHECK: exception: caught 42 in-scope=987 held=6
// CHECK: nested: 6765 4181 2584 1597 held=7 inner-held=8
// CHECK: loop: 0 1 1 2 3 5 8 13 21 34 55 89 held=9
// CHECK: two held: 4181 held=10 11
// CHECK: sync inside: 987 610 377 held=12
// CHECK: timeouts: 0
#include <atomic>
#include <cstdio>
#include <ctime>
#include <sched.h>

static std::atomic<int> cont_started{0}, released{0}, timeouts{0};

static long now_ms() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

// The held child: ends once `released`, if its parent's continuation runs in parallel.
static void held(long *out, long v) {
  long t0 = now_ms();
  while (!cont_started.load()) {
    if (now_ms() - t0 > 200) {  // alone (P = 1, the elision): nothing to wait for
      *out = v;
      return;
    }
    sched_yield();
  }
  while (!released.load()) {
    if (now_ms() - t0 > 10000) {
      timeouts++;
      break;
    }
    sched_yield();
  }
  *out = v;
}

static void reset() {
  cont_started = 0;
  released = 0;
}

static void end() {
  reset();
  long h = 0, x = 0, y = 0;
  [[sprig::spawn]] held(&h, 1);
  cont_started = 1;
  [[sprig::scope]] {
    [[sprig::spawn]] x = fib(20);
    y = fib(19);
  }
  long got = x;  // the scope's child is done
  released = 1;
  [[sprig::sync]];
  std::printf("end: %ld %ld held=%ld\n", got, y, h);
}

static void brk() {
  reset();
  long h = 0, last = 0;
  int i;
  [[sprig::spawn]] held(&h, 2);
  cont_started = 1;
  for (i = 0; i < 10; ++i) {
    [[sprig::scope]] {
      [[sprig::spawn]] last = fib(12 + i);
      if (i == 3)
        break;  // waits for this iteration's child
    }
  }
  long got = last;
  released = 1;
  [[sprig::sync]];
  std::printf("break: %d last=%ld held=%ld\n", i, got, h);
}

static void cont() {
  reset();
  long h = 0, sum = 0, r[10] = {0};
  int n = 0;
  [[sprig::spawn]] held(&h, 3);
  cont_started = 1;
  for (int i = 0; i < 10; ++i) {
    [[sprig::scope]] {
      [[sprig::spawn]] r[i] = fib(10 + i);
      if (i % 2)
        continue;  // waits for r[i]
      ++n;
    }
    sum += r[i];
  }
  released = 1;
  [[sprig::sync]];
  // Read after each scope: the even iterations' values (the odd ones skip the sum).
  std::printf("continue: %d sum=%ld held=%ld\n", n, sum, h);
}

static void go() {
  reset();
  long h = 0, a = 0, b = 0;
  int leave = 1;
  [[sprig::spawn]] held(&h, 4);
  cont_started = 1;
  [[sprig::scope]] {
    [[sprig::spawn]] a = fib(14);
    [[sprig::spawn]] b = fib(13);
    if (leave)
      goto out;  // waits for a and b
    a = -1;
  }
out:
  long ga = a, gb = b;
  released = 1;
  [[sprig::sync]];
  std::printf("goto: %ld %ld held=%ld\n", ga, gb, h);
}

static long ret_inner(long *h) {
  long x = 0, y = 0;
  int leave = 1;
  [[sprig::spawn]] held(h, 5);
  cont_started = 1;
  [[sprig::scope]] {
    [[sprig::spawn]] x = fib(20);
    [[sprig::spawn]] y = fib(19);
    if (leave) {
      released = 1;  // a return syncs the whole frame: the held child too
      return x + y;  // (read after the implicit sync)
    }
  }
  return -1;
}

static void ret() {
  reset();
  long h = 0;
  long r = ret_inner(&h);
  std::printf("return: %ld held=%ld\n", r, h);
}

static long thrower(long v) {
  if (v > 0)
    throw 42;
  return v;
}

static void exc() {
  reset();
  long h = 0, a = 0, b = 0;
  int caught = 0;
  [[sprig::spawn]] held(&h, 6);
  cont_started = 1;
  try {
    [[sprig::scope]] {
      [[sprig::spawn]] a = fib(16);
      released = 1;  // an exception syncs the whole frame at its landing pad
      [[sprig::spawn]] b = thrower(1);
    }
  } catch (int e) {
    caught = e;
  }
  long ga = a;
  [[sprig::sync]];
  std::printf("exception: caught %d in-scope=%ld held=%ld\n", caught, ga, h);
  (void)b;
}

static void nested() {
  reset();
  long h = 0, h2 = 0, a = 0, b = 0, c = 0, d = 0;
  [[sprig::spawn]] held(&h, 7);
  cont_started = 1;
  [[sprig::scope]] {
    [[sprig::spawn]] a = fib(20);
    [[sprig::scope]] {
      [[sprig::spawn]] b = fib(19);
      c = fib(18);
    }
    long gb = b;  // the inner scope's child is done, the held one and a may run
    [[sprig::spawn]] d = fib(17);
    b = gb;
  }
  long ga = a, gd = d;
  released = 1;
  [[sprig::sync]];
  std::printf("nested: %ld %ld %ld %ld held=%ld", ga, b, c, gd, h);
  // A held child spawned inside the outer scope, before the inner one: the inner scope
  // does not wait for it, the outer one does.
  reset();
  long e = 0;
  [[sprig::scope]] {
    [[sprig::spawn]] held(&h2, 8);
    cont_started = 1;
    [[sprig::scope]] {
      [[sprig::spawn]] e = fib(15);
    }
    long ge = e;
    released = 1;
    e = ge;
  }
  std::printf(" inner-held=%ld\n", h2 + (e == 610 ? 0 : 1000));
}

static void loop() {
  reset();
  long h = 0, r[12] = {0};
  [[sprig::spawn]] held(&h, 9);
  cont_started = 1;
  long got[12];
  for (int i = 0; i < 12; ++i) {
    [[sprig::scope]] {
      [[sprig::spawn]] r[i] = fib(i);
    }
    got[i] = r[i];
  }
  released = 1;
  [[sprig::sync]];
  std::printf("loop:");
  for (long g : got)
    std::printf(" %ld", g);
  std::printf(" held=%ld\n", h);
}

static void two() {
  reset();
  long h1 = 0, h2 = 0, x = 0;
  [[sprig::spawn]] held(&h1, 10);
  [[sprig::spawn]] held(&h2, 11);
  cont_started = 1;
  [[sprig::scope]] {
    [[sprig::spawn]] x = fib(19);
  }
  long gx = x;
  released = 1;
  [[sprig::sync]];
  std::printf("two held: %ld held=%ld %ld\n", gx, h1, h2);
}

// A sync inside the scope waits for everything (the held child too, released first);
// the scope's exit then has nothing left of the children counted before it.
static void sync_inside() {
  reset();
  long h = 0, a = 0, b = 0, c = 0;
  [[sprig::spawn]] held(&h, 12);
  cont_started = 1;
  [[sprig::scope]] {
    [[sprig::spawn]] a = fib(16);
    released = 1;
    [[sprig::sync]];
    [[sprig::spawn]] b = fib(15);
    c = fib(14);
  }
  long gb = b;
  std::printf("sync inside: %ld %ld %ld held=%ld\n", a, gb, c, h);
}

int main() {
  end();
  brk();
  cont();
  go();
  ret();
  exc();
  nested();
  loop();
  two();
  sync_inside();
  std::printf("timeouts: %d\n", timeouts.load());
  return 0;
}
