// A race through a pointer into the heap: children of two different parents (so no
// shared local names it) increment the same heap counter, reached through a struct.
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %expect_exit 66 %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: write at count(Stats) at {{.*}}heap-pointer.cpp:[[@LINE+12]]:{{[0-9]+}}
// CHECK-NEXT: called from work(Stats, int) at {{.*}}heap-pointer.cpp:[[@LINE+16]]:{{[0-9]+}}
// CHECK: logically parallel with the earlier write at count(Stats) at {{.*}}heap-pointer.cpp:[[@LINE+10]]:{{[0-9]+}}
// CHECK: sprig race: 1 distinct race{{$}}
#include <cstdio>
#include <memory>

struct Stats {
  long *hits;
};

__attribute__((noinline)) void count(Stats s) {
  ++*s.hits;
}

__attribute__((noinline)) void work(Stats s, int n) {
  for (int i = 0; i < n; ++i)
    [[sprig::spawn]] count(s);
  [[sprig::sync]];
}

int main() {
  auto hits = std::make_unique<long>(0);
  work(Stats{hits.get()}, 3);
  std::printf("%ld\n", *hits);
}
