// A spawn that finds workers asleep calls the runtime to wake one, between the
// evaluation of the spawned call's arguments and the call. Whatever that call may
// clobber must not reach the arguments. Here the workers are asleep, and the first wake
// call of the process goes through lazy PLT binding. A 'preserve_most' convention for
// it once kept the 8th argument in r10, which glibc's lazy resolver does not preserve:
// a garbage argument in most runs at P >= 2. Same output as the serial elision.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: 36 204 202 1080
#include <cstdio>
#include <unistd.h>

__attribute__((noinline)) long g8(long a, long b, long c, long d, long e, long f, long g,
                                  long h) {
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h;
}

long res[3];

__attribute__((noinline)) void run(const long *p) {
  [[sprig::spawn]] res[0] = g8(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
  [[sprig::spawn]] res[1] = g8(p[1] * 3, p[2] ^ 5, p[3] + 7, p[4], p[5] - 1, p[6], p[7], p[0]);
  [[sprig::spawn]] res[2] = g8(p[7], p[6], p[5], p[4], p[3], p[2], p[1], p[0] + 120);
  [[sprig::sync]];
}

long warm() {
  long x;
  [[sprig::spawn]] x = g8(1, 1, 1, 1, 1, 1, 1, 1);
  [[sprig::sync]];
  return x;
}

int main() {
  const long p[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  long w = warm();  // starts the pool
  usleep(300000);   // long enough for the other workers to spin, yield and sleep
  run(p);
  std::printf("%ld %ld %ld %ld\n", w, res[0], res[1], res[2]);
}
