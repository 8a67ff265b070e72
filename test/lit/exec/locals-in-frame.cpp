// Locals in the frame (plugin/lower/OutlineSpawn.cpp): the small locals (16 bytes at most)
// spawned statements use by address live in the spawning function's frame allocation,
// past the sprig_frame, and helpers reach them from the parent pointer; larger ones
// stay arguments, and both kinds mix in one function here. Against the serial elision at -O0..-O3 and
// P = 1, 2, 4, 8: results of several types and sizes written by children whose parents
// are stolen (a char, a double, a struct, an array the child fills, a string, which has
// a destructor), a local declared in a loop body and reused by each iteration's child,
// an over-aligned local (stays an alloca), the same local written by two spawns of one
// sync epoch's children in turn, and a child that throws with its result's local
// half-written. With -sprig-locals-in-frame=0 too, to keep both lowerings honest.
// RUN: %run_opts %s %t | FileCheck %s
// With a check of every stolen resume point against the one the helper recorded (ABI 11).
// (Not in the sanitizer suites: this test's two runs take minutes under TSan already.)
// RUN: %if !tsan && !asan %{ env RUN_OPTS_SPRIG_FLAGS='-mllvm -sprig-check-resume-pc' %run_opts %s %t.chk | FileCheck %s %}
// RUN: env RUN_OPTS_SPRIG_FLAGS='-mllvm -sprig-locals-in-frame=0' %run_opts %s %t.off | FileCheck %s
// CHECK: mixed 832040 c=6 d=46368.5 s=75025 arr=121393 str=14
// CHECK-NEXT: loop 5702886
// CHECK-NEXT: aligned 1023 ok
// CHECK-NEXT: twice 2584 987
// CHECK-NEXT: threw 17 kept 6764
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
char small(long n) { return static_cast<char>(fib(n) % 7); }
double half(long n) { return fib(n) + 0.5; }
struct S {
  long v, pad[3];
};
S big(long n) { return {fib(n), {1, 2, 3}}; }
void fill(long *a, int n, long k) {
  for (int i = 0; i < n; ++i)
    a[i] = fib(k) + i - i;
}
std::string str(long n) { return std::to_string(fib(n)).substr(0, 2) + std::string(n % 3, 'x'); }

long mixed(long n) {
  long x;
  char c;
  double d;
  S s;
  long arr[5];
  std::string t;
  [[sprig::spawn]] x = fib(n);
  [[sprig::spawn]] c = small(n - 5);
  [[sprig::spawn]] d = half(n - 6);
  [[sprig::spawn]] s = big(n - 5);
  [[sprig::spawn]] fill(arr, 5, n - 4);
  [[sprig::spawn]] t = str(n - 10);
  long y = fib(n - 1);
  [[sprig::sync]];
  std::printf("mixed %ld c=%d d=%.1f s=%ld arr=%ld str=%zu\n", x + y - fib(n - 1), c, d,
              s.v, arr[4], t.size() + 10);
  return x;
}

long loop(long n) {
  long total[8];
  for (int i = 0; i < 8; ++i) {
    long r;
    [[sprig::spawn]] r = fib(n - (i & 1));
    [[sprig::sync]];
    total[i] = r;
  }
  long sum = 0;
  for (long v : total)
    sum += v;
  return sum / 8 * 2 + (total[0] - total[1]) * 0;
}

long aligned(int depth, bool *ok) {
  if (depth == 0)
    return 1;
  alignas(64) long a;
  long b;
  [[sprig::spawn]] a = aligned(depth - 1, ok);
  b = aligned(depth - 1, ok);
  [[sprig::sync]];
  if (reinterpret_cast<std::uintptr_t>(&a) % 64 != 0)
    *ok = false;
  return a + b + (depth == 10 ? -1 : 0);
}

void twice(long n, long *out1, long *out2) {
  long r;
  [[sprig::spawn]] r = fib(n);
  [[sprig::sync]];
  *out1 = r;
  [[sprig::spawn]] r = fib(n - 2);
  [[sprig::sync]];
  *out2 = r;
}

long thrower(long n) {
  if (n == 17)
    throw std::runtime_error("17");
  return fib(n);
}
void threw(long *kept) {
  long a = -1, b = -1, c = -1;
  try {
    [[sprig::spawn]] a = fib(20);
    [[sprig::spawn]] b = thrower(17);
    [[sprig::spawn]] c = fib(5);
    [[sprig::sync]];
  } catch (const std::exception &e) {
    // c's child may run or not (the continuation goes on past a child that throws
    // until the sync): only a and b are the serial program's.
    std::printf("threw %s kept %ld\n", e.what(), a + b + (c == 5 || c == -1 ? 0 : 1000));
  }
  *kept = a + b;
}

int main() {
  mixed(30);
  std::printf("loop %ld\n", loop(33));
  bool ok = true;
  long al = aligned(10, &ok);
  std::printf("aligned %ld %s\n", al, ok ? "ok" : "MISALIGNED");
  long t1, t2;
  twice(18, &t1, &t2);
  std::printf("twice %ld %ld\n", t1, t2);
  long kept;
  threw(&kept);
  return kept == 6765 - 1 ? 0 : 1;
}
