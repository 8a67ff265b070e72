// The precise [[sprig::scope]] in C (scope-precise.cpp has the C++ story): a child
// spawned before a scope is not waited for by it. The "held" child, once it runs in
// parallel with its parent's continuation, waits for a flag set only after the scope
// (a scope that waited for it would stall until the child gives up after 10 s and counts
// a timeout). Left by its end, break, continue and goto; nested; in a loop. Built by
// the C elision and by sprigcc -O0..-O3, each run at SPRIG_NWORKERS=1,2,4,8.
// RUN: %run_opts_c %s %t | FileCheck %s
// CHECK: end: 6765 held=1
// CHECK: break: 3 last=610 held=2
// CHECK: continue: 5 sum=4147 held=3
// CHECK: goto: 377 233 held=4
// CHECK: nested: 6765 4181 2584 held=5
// CHECK: loop: 0 1 1 2 3 5 8 13 21 34 55 89 held=6
// CHECK: timeouts: 0
#define _GNU_SOURCE
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

static atomic_int cont_started, released, timeouts;

static long now_ms(void) {
  struct timespec ts;
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

static void held(long *out, long v) {
  long t0 = now_ms();
  while (!atomic_load(&cont_started)) {
    if (now_ms() - t0 > 200) {
      *out = v;
      return;
    }
    sched_yield();
  }
  while (!atomic_load(&released)) {
    if (now_ms() - t0 > 10000) {
      atomic_fetch_add(&timeouts, 1);
      break;
    }
    sched_yield();
  }
  *out = v;
}

static void reset(void) {
  atomic_store(&cont_started, 0);
  atomic_store(&released, 0);
}

static void end(void) {
  reset();
  long h = 0, x = 0;
  [[sprig::spawn]] held(&h, 1);
  atomic_store(&cont_started, 1);
  [[sprig::scope]] {
    [[sprig::spawn]] x = fib(20);
  }
  long got = x;
  atomic_store(&released, 1);
  [[sprig::sync]];
  printf("end: %ld held=%ld\n", got, h);
}

static void brk(void) {
  reset();
  long h = 0, last = 0;
  int i;
  [[sprig::spawn]] held(&h, 2);
  atomic_store(&cont_started, 1);
  for (i = 0; i < 10; ++i) {
    [[sprig::scope]] {
      [[sprig::spawn]] last = fib(12 + i);
      if (i == 3)
        break;
    }
  }
  long got = last;
  atomic_store(&released, 1);
  [[sprig::sync]];
  printf("break: %d last=%ld held=%ld\n", i, got, h);
}

static void cont(void) {
  reset();
  long h = 0, sum = 0, r[10] = {0};
  int n = 0;
  [[sprig::spawn]] held(&h, 3);
  atomic_store(&cont_started, 1);
  for (int i = 0; i < 10; ++i) {
    [[sprig::scope]] {
      [[sprig::spawn]] r[i] = fib(10 + i);
      if (i % 2)
        continue;
      ++n;
    }
    sum += r[i];
  }
  atomic_store(&released, 1);
  [[sprig::sync]];
  printf("continue: %d sum=%ld held=%ld\n", n, sum, h);
}

static void go(void) {
  reset();
  long h = 0, a = 0, b = 0;
  int leave = 1;
  [[sprig::spawn]] held(&h, 4);
  atomic_store(&cont_started, 1);
  [[sprig::scope]] {
    [[sprig::spawn]] a = fib(14);
    [[sprig::spawn]] b = fib(13);
    if (leave)
      goto out;
    a = -1;
  }
out:;
  long ga = a, gb = b;
  atomic_store(&released, 1);
  [[sprig::sync]];
  printf("goto: %ld %ld held=%ld\n", ga, gb, h);
}

static void nested(void) {
  reset();
  long h = 0, a = 0, b = 0, c = 0;
  [[sprig::spawn]] held(&h, 5);
  atomic_store(&cont_started, 1);
  [[sprig::scope]] {
    [[sprig::spawn]] a = fib(20);
    [[sprig::scope]] {
      [[sprig::spawn]] b = fib(19);
    }
    c = b - fib(17);
  }
  long ga = a;
  atomic_store(&released, 1);
  [[sprig::sync]];
  printf("nested: %ld %ld %ld held=%ld\n", ga, b, c, h);
}

static void loop(void) {
  reset();
  long h = 0, r[12] = {0}, got[12];
  [[sprig::spawn]] held(&h, 6);
  atomic_store(&cont_started, 1);
  for (int i = 0; i < 12; ++i) {
    [[sprig::scope]] {
      [[sprig::spawn]] r[i] = fib(i);
    }
    got[i] = r[i];
  }
  atomic_store(&released, 1);
  [[sprig::sync]];
  printf("loop:");
  for (int i = 0; i < 12; ++i)
    printf(" %ld", got[i]);
  printf(" held=%ld\n", h);
}

int main(void) {
  end();
  brk();
  cont();
  go();
  nested();
  loop();
  printf("timeouts: %d\n", atomic_load(&timeouts));
  return 0;
}
