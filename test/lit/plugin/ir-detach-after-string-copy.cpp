// A by-value std::string argument is copied in the helper before the detach, and the
// spawned call follows the detach. At -O0 the copy is a call of the copy constructor;
// the ABI fast paths are inlined at every level (no call of @__sprig_bc_detach_bound remains).
// RUN: %sprigxx -O0 -S -emit-llvm %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=NOBC < %t.ll

#include <string>

int g(std::string s, int k);

int parent(const std::string &s) {
  int r;
  [[sprig::spawn]] r = g(s, 7);
  [[sprig::sync]];
  return r;
}

// CHECK-LABEL: define internal {{.*}}void @_Z6parentRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE.sprig.spawn.{{[0-9]+}}(
// CHECK:         {{call|invoke}} void @_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEC1ERKS4_(
// CHECK:         call preserve_mostcc void @__sprig_push_slow()
// CHECK:         {{call|invoke}} noundef i32 @_Z1gNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEi(
// CHECK:       {{^}}}

// NOBC-NOT: @__sprig_bc_
