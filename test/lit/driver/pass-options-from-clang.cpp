// The lowering's options reach it through clang's -mllvm: SprigFrontend.so loads the
// passes (SprigPlugin.so) before clang parses -mllvm.
// RUN: %sprigxx -O1 -c %s -o /dev/null -mllvm -sprig-stats -mllvm -sprig-debug 2>&1 | FileCheck %s
// CHECK: sprig: lowering _Z1fi: 1 spawns
// CHECK: === Sprig statistics ===
// CHECK-DAG: 1 sprig-lower{{ +}}Spawns lowered
// CHECK-DAG: 1 sprig-lower{{ +}}Spawning functions lowered
void w(int);
void f(int n) {
  [[sprig::spawn]] w(n);
  w(n + 1);
  [[sprig::sync]];
}
