// Spawned spawning functions whose bodies the late pass inlines into their helpers
// (plugin/late/ChildInline.cpp) and calls through preserve_none worker entries
// (plugin/late/PreserveNoneEntries.cpp), against the serial elision at -O0..-O3 and
// P = 1, 2, 4, 8: the child's frame then lives in the helper, and its continuations are
// stolen and resumed there. Shapes: a recursion returning a value (fib), one returning
// a two-word struct, a void one writing through a pointer, one with an over-aligned
// local (the helper must keep it aligned without realigning its stack), one with a VLA
// (the heap arena, so the inliner's stacksave stays), and one whose leaf throws after
// its parents spawned (the exception crosses inlined bodies to the sync). The STATS run
// checks that the children really were inlined, so the test keeps its meaning; it is
// skipped in the sanitizer suites, where the pass stands aside for sanitized code.
// RUN: %run_opts %s %t | FileCheck %s
// With a check of every stolen resume point against the one the helper recorded (ABI 11).
// RUN: env RUN_OPTS_SPRIG_FLAGS='-mllvm -sprig-check-resume-pc' %run_opts %s %t.chk | FileCheck %s
// RUN: %if !tsan && !asan %{ %sprigxx -O2 -mllvm -sprig-stats -S -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=STATS %}
// CHECK: fib 6765
// CHECK-NEXT: pair 6765 17711
// CHECK-NEXT: tree 4096
// CHECK-NEXT: aligned 1048576 ok
// CHECK-NEXT: vla 1023
// CHECK-NEXT: threw at 13
// STATS: {{[4-9]|[1-9][0-9]+}} sprig-inline-children
// STATS: {{[1-9][0-9]*}} sprig-preserve-none
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

struct Pair {
  long a, b;
};
Pair pair(long n) {
  if (n < 2)
    return {n, n + 1};
  Pair l, r;
  [[sprig::spawn]] l = pair(n - 1);
  r = pair(n - 2);
  [[sprig::sync]];
  return {l.a + r.a, l.b + r.b};
}

void tree(int depth, long *count) {
  if (depth == 0) {
    ++*count;
    return;
  }
  long left = 0, right = 0;
  [[sprig::spawn]] tree(depth - 1, &left);
  tree(depth - 1, &right);
  [[sprig::sync]];
  *count += left + right;
}

long aligned(int depth) {
  alignas(64) long buf[8];
  for (int i = 0; i < 8; ++i)
    buf[i] = i;
  if (reinterpret_cast<std::uintptr_t>(buf) % 64 != 0)
    return -1000000;
  if (depth == 0)
    return 1;
  long a, b;
  [[sprig::spawn]] a = aligned(depth - 1);
  b = aligned(depth - 1);
  [[sprig::sync]];
  return a + b + (buf[7] - 7);
}

long vla(int depth) {
  if (depth == 0)
    return 0;
  int n = depth + 1;
  long v[n];
  for (int i = 0; i < n; ++i)
    v[i] = 1;
  long a, b;
  [[sprig::spawn]] a = vla(depth - 1);
  b = vla(depth - 1);
  [[sprig::sync]];
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return a + b + s - depth;
}

long thrower(int depth, int at) {
  if (depth == at)
    throw std::runtime_error(std::to_string(at));
  if (depth > 20)
    return 1;
  long a, b;
  [[sprig::spawn]] a = thrower(depth + 1, at);
  b = depth;
  [[sprig::sync]];
  return a + b;
}

int main() {
  std::printf("fib %ld\n", fib(20));
  Pair p = pair(20);
  std::printf("pair %ld %ld\n", p.a, p.b);
  long count = 0;
  tree(12, &count);
  std::printf("tree %ld\n", count);
  long al = aligned(20);
  std::printf("aligned %ld %s\n", al, al == (1L << 20) ? "ok" : "misaligned");
  std::printf("vla %ld\n", vla(10));
  try {
    thrower(0, 13);
    std::printf("no throw\n");
  } catch (const std::exception &e) {
    std::printf("threw at %s\n", e.what());
  }
}
