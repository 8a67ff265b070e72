// A thread that is no worker binds as a root at its frame's first spawn, before the
// spawned call's arguments are evaluated (sprig_bind, sprig/abi.h; the helper's detach
// tests nothing since). Arguments that call spawning functions then run nested in the
// root; an argument that throws before the detach leaves through the parent's exit,
// which unbinds the thread (the next computation binds it again). Against the serial
// elision from main and from four threads at once, at every worker count.
// RUN: %clangxx -O2 -Wno-unknown-attributes -pthread -I%sprig_inc %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: env SPRIGTEST_RUN_REPEAT=5 %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -O0 %s -o %t.par0
// RUN: %run_p %t.serial %t.par0 | FileCheck %s
// CHECK: main: 843 unbound 1 unbound 0 unbound
// CHECK-NEXT: threads: 199 1 322 1 521 1 843 1
#include <sprig/sprig.h>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>
#include "../exec/Inputs/pfib.h"

static const char *bound() {
#ifdef __SPRIG__
  return sprig_worker_id() == -1 ? "unbound" : "bound";
#else
  return "unbound";  // the serial elision has no workers to bind
#endif
}

__attribute__((noinline)) long twice(long v) { return 2 * v; }

long f(int n) {
  long a, b;
  [[sprig::spawn]] a = twice(pfib(n));      // pfib spawns: it runs inside f's root
  [[sprig::spawn]] b = twice(pfib(n + 1));
  long c = pfib(n - 1);
  [[sprig::sync]];
  return a + b + c;
}

__attribute__((noinline)) long thrower(int n) {
  if (n > 0)
    throw std::runtime_error("argument");
  return n;
}

long g(int n) {
  long a;
  [[sprig::spawn]] a = twice(thrower(n));   // throws before the detach when n > 0
  [[sprig::sync]];
  return a;
}

int main() {
  long r1 = f(12);
  const char *u1 = bound();
  int caught = 0;
  try {
    g(1);
  } catch (const std::runtime_error &) {
    caught = 1;
  }
  const char *u2 = bound();
  long r3 = g(0);
  const char *u3 = bound();
  std::printf("main: %ld %s %d %s %ld %s\n", r1, u1, caught, u2, r3, u3);
  std::vector<long> rs(4);
  std::vector<int> ok(4);
  std::vector<std::thread> ts;
  for (int i = 0; i < 4; ++i)
    ts.emplace_back([&, i] {
      rs[i] = f(9 + i);
      try {
        g(i + 1);
      } catch (const std::runtime_error &) {
        ok[i] = std::string(bound()) == "unbound";
      }
    });
  for (auto &t : ts)
    t.join();
  std::printf("threads:");
  for (int i = 0; i < 4; ++i)
    std::printf(" %ld %d", rs[i], ok[i]);
  std::printf("\n");
}
