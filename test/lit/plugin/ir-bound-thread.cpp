// Roots bind at the frame's first spawn, in the parent (sprig_bind, sprig/abi.h), and
// code that runs only on a bound thread tests for neither binding nor unbinding
// (plugin/late/BoundThread.cpp): the helper's detach reads the thread's worker with no test;
// the preserve_none body (called only past a spawn or a detach) and the child inlined
// into the helper call neither __sprig_enter_root nor __sprig_leave_root. The C body,
// which F's own callers reach from any thread, keeps both. The module checks the ABI
// magic once, from a constructor (ABI 10: frames no longer carry it).
// RUN: %sprigxx -O2 -S -emit-llvm %s -o %t.ll
// RUN: FileCheck %s --check-prefix=CBODY < %t.ll
// RUN: FileCheck %s --check-prefix=HELPER < %t.ll
// RUN: FileCheck %s --check-prefix=PN < %t.ll
// RUN: FileCheck %s --check-prefix=CTOR < %t.ll
// At -O0 (no preserve_none copies, no inlined children) the helper still has no test.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=HELPER

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

// CBODY-LABEL: define internal {{.*}}i64 @_Z3fibl.sprig.body(i64
// CBODY:         call void @__sprig_enter_root(ptr {{.*}}, i32 {{(noundef )?}}{{[0-9]+}})
// CBODY:         call void @__sprig_leave_root(
// CBODY:       {{^}}}

// HELPER-LABEL: define internal {{.*}}void @_Z3fibl.sprig.spawn.0(ptr
// HELPER-NOT:     @__sprig_{{enter|leave}}_root
// HELPER:       {{^}}}

// PN-LABEL: define internal preserve_nonecc {{.*}}i64 @_Z3fibl.sprig.body.pn(i64
// PN-NOT:     @__sprig_{{enter|leave}}_root
// PN:       {{^}}}

// CTOR: @llvm.global_ctors = appending global {{.*}} @sprig.check.abi
// CTOR: define internal void @sprig.check.abi()
// CTOR-NEXT:   {{(tail )?}}call void @__sprig_check_abi(i32 {{[0-9]+}})
