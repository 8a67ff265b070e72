// A program without attributes builds and runs exactly as with clang++-22: same output,
// and the same optimised IR (the plugin adds nothing to it; sprig++ turns on
// -fstack-clash-protection, so that frames larger than the guard region probe it).
// RUN: %sprigxx -O2 %s -o %t.sprig && %t.sprig > %t.out1
// RUN: %clangxx -O2 %s -o %t.clang && %t.clang > %t.out2
// RUN: diff %t.out1 %t.out2
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | grep -v "^; ModuleID\|source_filename" > %t.ll1
// RUN: %clangxx -O2 -fstack-clash-protection -S -emit-llvm -I%sprig_inc %s -o - | grep -v "^; ModuleID\|source_filename" > %t.ll2
// RUN: diff %t.ll1 %t.ll2
// RUN: %sprigxx -c %s -o %t.o && %sprigxx %t.o -o %t.linked && %t.linked | FileCheck %s
// CHECK: sum 4950
#include <cstdio>
int main() {
  int s = 0;
  for (int i = 0; i < 100; ++i)
    s += i;
  std::printf("sum %d\n", s);
}
