// Two spawned children write one global: one race, both writes named with their lines,
// the summary line, exit status 66 (as ThreadSanitizer).
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %expect_exit 66 %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: sprig race: determinacy race on
// CHECK-NEXT: write at set(int) at {{.*}}two-children-global.cpp:[[@LINE+10]]:{{[0-9]+}}
// CHECK-NEXT: called from main at {{.*}}two-children-global.cpp:[[@LINE+14]]:{{[0-9]+}}
// CHECK-NEXT: logically parallel with the earlier write at set(int) at {{.*}}two-children-global.cpp:[[@LINE+8]]:{{[0-9]+}}
// CHECK-NEXT: called from main at {{.*}}two-children-global.cpp:[[@LINE+11]]:{{[0-9]+}}
// CHECK: sprig race: 1 distinct race{{$}}
#include <cstdio>

int g;

__attribute__((noinline)) void set(int v) {
  g = v;
}

int main() {
  [[sprig::spawn]] set(1);
  [[sprig::spawn]] set(2);
  [[sprig::sync]];
  std::printf("%d\n", g);
}
