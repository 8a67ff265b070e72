// A child writes x while the continuation reads it before the sync: a race (write, then
// a logically parallel read); after the sync the same read is fine.
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %expect_exit 66 %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: read at parent() at {{.*}}child-vs-continuation.cpp:[[@LINE+15]]:{{[0-9]+}}
// CHECK-NEXT: called from main
// CHECK-NEXT: logically parallel with the earlier write at produce(long) at {{.*}}child-vs-continuation.cpp:[[@LINE+8]]:{{[0-9]+}}
// CHECK-NEXT: called from parent() at {{.*}}child-vs-continuation.cpp:[[@LINE+11]]:{{[0-9]+}}
// CHECK: sprig race: 1 distinct race{{$}}
#include <cstdio>

static long x;

__attribute__((noinline)) void produce(long v) {
  x = v;
}

__attribute__((noinline)) long parent() {
  [[sprig::spawn]] produce(42);
  long early = x;
  [[sprig::sync]];
  long late = x;
  return early + late;
}

int main() { std::printf("%ld\n", parent()); }
