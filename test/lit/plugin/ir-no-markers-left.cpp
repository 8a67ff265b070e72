// After lowering, no marker function of the rewrite (__sprig_spawn_begin/end,
// __sprig_sync, __sprig_tag_N) and no ABI bitcode wrapper (__sprig_bc_*) is left in
// the module, at any optimisation level (CHECK-NOT, over the whole module), and the
// lowering did run (prefix LOWERED; an empty or unlowered module fails): each of the
// four spawns became a call of its own preserve_none helper, defined in the module, and
// the spawning function enters its frame as a root and captures its continuation at the
// sync.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: FileCheck %s < %t.O0.ll
// RUN: FileCheck %s --check-prefix=LOWERED < %t.O0.ll
// RUN: %sprigxx -O1 -S -emit-llvm %s -o %t.O1.ll
// RUN: FileCheck %s < %t.O1.ll
// RUN: FileCheck %s --check-prefix=LOWERED < %t.O1.ll
// RUN: %sprigxx -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: FileCheck %s < %t.O2.ll
// RUN: FileCheck %s --check-prefix=LOWERED < %t.O2.ll
// RUN: %sprigxx -Os -S -emit-llvm %s -o %t.Os.ll
// RUN: FileCheck %s < %t.Os.ll
// RUN: FileCheck %s --check-prefix=LOWERED < %t.Os.ll

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

// LOWERED-LABEL: define {{.*}}@_Z9all_forms{{[A-Za-z0-9_]+}}(
// LOWERED-DAG: call void @__sprig_enter_root(
// LOWERED-DAG: {{call|invoke}} preserve_nonecc void @_Z9all_forms{{[A-Za-z0-9_]+}}.sprig.spawn.0(
// LOWERED-DAG: {{call|invoke}} preserve_nonecc void @_Z9all_forms{{[A-Za-z0-9_]+}}.sprig.spawn.1(
// LOWERED-DAG: {{call|invoke}} preserve_nonecc void @_Z9all_forms{{[A-Za-z0-9_]+}}.sprig.spawn.2(
// LOWERED-DAG: {{call|invoke}} preserve_nonecc void @_Z9all_forms{{[A-Za-z0-9_]+}}.sprig.spawn.3(
// LOWERED-DAG: call preserve_nonecc void @__sprig_sync_capture(
// LOWERED-LABEL: define {{.*}}@_Z9sync_onlyv(
// LOWERED-DAG: define internal preserve_nonecc void @_Z9all_forms{{[A-Za-z0-9_]+}}.sprig.spawn.0(
// LOWERED-DAG: define internal preserve_nonecc void @_Z9all_forms{{[A-Za-z0-9_]+}}.sprig.spawn.1(
// LOWERED-DAG: define internal preserve_nonecc void @_Z9all_forms{{[A-Za-z0-9_]+}}.sprig.spawn.2(
// LOWERED-DAG: define internal preserve_nonecc void @_Z9all_forms{{[A-Za-z0-9_]+}}.sprig.spawn.3(
