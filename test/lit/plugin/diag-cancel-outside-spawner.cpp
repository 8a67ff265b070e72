// sprig::cancel() cancels the children of the function that calls it: called where the
// function spawns nothing (a callee, a lambda, a function whose only spawns are in a
// lambda) it is a compile error that says so and where to call it, in the parallel build
// and in the serial modes alike. In a spawning function it compiles (ok below).
// RUN: not %sprigxx -O2 -I%sprig_inc -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %sprigxx --race -O1 -I%sprig_inc -c %s -o %t.race.o 2>&1 | FileCheck %s
#include <sprig/cancel.h>

// CHECK-DAG: diag-cancel-outside-spawner.cpp:[[@LINE+1]]:{{[0-9]+}}: error: sprig: sprig::cancel() is called in 'helper()', which spawns nothing: it cancels the children the calling function spawned since its last sync; call it in the function with the {{.}}{{.}}sprig::spawn{{.}}{{.}}s (not in a lambda, a callee or a {{.*}}parallel_for{{.*}} body)
void helper() { sprig::cancel(); }

int child(int n) { return n; }

int spawns_in_lambda_only(int n) {
  // CHECK-DAG: diag-cancel-outside-spawner.cpp:[[@LINE+1]]:{{[0-9]+}}: error: sprig: sprig::cancel() is called in 'spawns_in_lambda_only(int)::{{.*}}operator()() const', which spawns nothing
  auto l = [] { sprig::cancel(); };
  l();
  return n;
}

int ok(int n) {
  int x = 0;
  sprig::cancel();
  [[sprig::spawn]] x = child(n);
  [[sprig::sync]];
  return x;
}
// CHECK-NOT: error: sprig: sprig::cancel() is called in 'ok
// CHECK: 2 errors generated.
