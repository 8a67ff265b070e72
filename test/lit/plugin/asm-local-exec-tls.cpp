// In code for an executable (PIE, the default, or not position-independent) the thread's
// worker is one local-exec read of the executable's own __sprig_tls_worker, a weak
// definition each such module carries; the module's constructor checks that the runtime
// uses that variable (__sprig_check_tls). Code that may go into a shared library (-fPIC)
// keeps the initial-exec sequence through the GOT, and so does every module with
// -mllvm -sprig-local-exec-tls=0 (plugin/lower/RuntimeABI.cpp, useLocalExecTLS).
// RUN: %sprigxx -O2 -S %s -o - | FileCheck %s --check-prefix=EXE
// RUN: %sprigxx -O2 -fno-pie -S %s -o - | FileCheck %s --check-prefix=EXE
// RUN: %sprigxx -O0 -S %s -o - | FileCheck %s --check-prefix=EXE
// RUN: %sprigxx -O2 -fPIC -S %s -o - | FileCheck %s --check-prefix=DSO
// RUN: %sprigxx -O2 -mllvm -sprig-local-exec-tls=0 -S %s -o - | FileCheck %s --check-prefix=DSO
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

// EXE-NOT: __sprig_tls_worker@GOTTPOFF
// EXE:     movq %fs:__sprig_tls_worker@TPOFF, %r
// EXE-NOT: __sprig_tls_worker@GOTTPOFF
// EXE:     .weak __sprig_tls_worker
// EXE-NOT: __sprig_tls_worker@GOTTPOFF

// DSO-NOT: __sprig_tls_worker@TPOFF
// DSO:     movq __sprig_tls_worker@GOTTPOFF(%rip), %r
// DSO-NOT: __sprig_tls_worker@TPOFF
// DSO-NOT: .weak __sprig_tls_worker

// IR: @__sprig_tls_worker = weak dso_local thread_local(localexec) global ptr null, align 8
// IR-LABEL: define internal void @sprig.check.abi()
// IR:   call void @__sprig_check_abi(i32 {{[0-9]+}})
// IR:   %[[A:.*]] = {{.*}}call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__sprig_tls_worker)
// IR:   call void @__sprig_check_tls(ptr {{(nonnull )?}}%[[A]])
