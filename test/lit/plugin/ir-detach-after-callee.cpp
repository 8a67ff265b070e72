// The callee is evaluated before the detach: the call that yields a function pointer,
// and the call that yields the object of a member call, both come before it.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: FileCheck %s --check-prefix=PTR < %t.O0.ll
// RUN: FileCheck %s --check-prefix=MEM < %t.O0.ll
// RUN: %sprigxx -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: FileCheck %s --check-prefix=PTR < %t.O2.ll
// RUN: FileCheck %s --check-prefix=MEM < %t.O2.ll

using Fn = int (*)(int);
Fn pick(int);
struct Obj {
  int m(int);
};
Obj *obj(int);

int through_pointer(int x) {
  int r;
  [[sprig::spawn]] r = pick(x)(x);
  [[sprig::sync]];
  return r;
}

int member(int x) {
  int r;
  [[sprig::spawn]] r = obj(x)->m(x);
  [[sprig::sync]];
  return r;
}

// PTR-LABEL: define internal {{.*}}void @_Z15through_pointeri.sprig.spawn.{{[0-9]+}}(
// PTR:            {{call|invoke}} {{.*}}ptr @_Z4picki(
// PTR:            call preserve_mostcc void @__sprig_push_slow()
// PTR:            {{call|invoke}} {{.*}}i32 %{{[0-9]+}}(
// PTR:          {{^}}}

// MEM-LABEL: define internal {{.*}}void @_Z6memberi.sprig.spawn.{{[0-9]+}}(
// MEM:            {{call|invoke}} {{.*}}ptr @_Z3obji(
// MEM:            call preserve_mostcc void @__sprig_push_slow()
// MEM:            {{call|invoke}} {{.*}}i32 @_ZN3Obj1mEi(
// MEM:          {{^}}}
