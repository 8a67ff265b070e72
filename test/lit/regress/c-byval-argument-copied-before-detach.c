// A struct passed by value to a spawned call, changed by the continuation right after
// the spawn: the child must see the value of the spawn point. C passes the variable's
// own address to the call (`call @first(ptr byval(%Big) %b)`, where C++ copies into a
// temporary first), so the copy into the callee's argument area was made by the call in
// the helper, after the detach, while a thief could already run the continuation and
// store -1 (found by the fuzzer's C programs, gen.py --lang c seed 14 under
// SPRIGTEST_STRESS; before the fix 63 to 955 of this test's 20,000 spawns saw -1 at 4
// workers under the stress mode, at -O0 and -O2).
// The helper now copies each byval argument that is not its own temporary before the
// detach (lower/OutlineSpawn.cpp, copyByValArgumentsBeforeDetach).
// UNSUPPORTED: tsan, asan
// RUN: %sprigcc -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %sprigcc -O1 %s -o %t
// RUN: bash -c 'for s in 1 2 3 4; do SPRIGTEST_STRESS=$s SPRIG_NWORKERS=4 %t; done' | FileCheck %s
// RUN: %sprigcc -O0 %s -o %t0
// RUN: bash -c 'for s in 1 2; do SPRIGTEST_STRESS=$s SPRIG_NWORKERS=4 %t0; done' | FileCheck %s --check-prefix=O0
// IR-LABEL: define internal {{.*}}@once.sprig.spawn.{{[0-9]+}}(
// IR: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %[[COPY:[0-9]+]]
// IR: call {{.*}}@__sprig_push_slow
// IR: call i64 @first(ptr noundef byval(%struct.Big) align 8 %[[COPY]])
// CHECK-COUNT-4: bad 0
// O0-COUNT-2: bad 0
#include <stdio.h>

typedef struct {
  long a[10];
} Big;

static long first(Big b) { return b.a[0]; }

static long once(long i) {
  Big b = {{0}};
  b.a[0] = i;
  long r;
  [[sprig::spawn]] r = first(b);
  b.a[0] = -1;  // the child's copy was made at the spawn: it must not see this
  [[sprig::sync]];
  return r;
}

int main(void) {
  long bad = 0;
  for (long i = 0; i < 20000; ++i) {
    long r;
    [[sprig::spawn]] r = once(i);
    [[sprig::sync]];
    bad += r != i;
  }
  printf("bad %ld\n", bad);
  return 0;
}
