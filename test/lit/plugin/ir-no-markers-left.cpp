// After lowering, no marker function of the rewrite (__sprig_spawn_begin/end,
// __sprig_sync, __sprig_tag_N) and no ABI bitcode wrapper (__sprig_bc_*) is left in
// the module, at any optimisation level.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O1 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -Os -S -emit-llvm %s -o - | FileCheck %s

#include <string>

struct S {
  int m(int);
};
int f(int);
std::string h(std::string);

int all_forms(S &s, std::string str, int n) {
  int a;
  [[sprig::spawn]] a = f(n);
  [[sprig::spawn]] int b = s.m(n);
  [[sprig::spawn]] std::string c = h(str);
  [[sprig::spawn]] f(n + 1);
  [[sprig::sync]];
  return a + b + (int)c.size();
}

void sync_only() {
  [[sprig::sync]];
}

// CHECK-NOT: __sprig_spawn_begin
// CHECK-NOT: __sprig_spawn_end
// CHECK-NOT: __sprig_tag_
// CHECK-NOT: @__sprig_sync()
// CHECK-NOT: @__sprig_bc_
