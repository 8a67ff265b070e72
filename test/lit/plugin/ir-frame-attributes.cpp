// A spawning function gets "frame-pointer"="all", "no-realign-stack" and noinline (its
// continuation may resume on another stack); its helpers are noinline and keep the
// translation unit's own frame-pointer setting (a helper's frame never moves). The
// spawning inline function is not inlined into its caller.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -fomit-frame-pointer -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,OMIT

int f(int);

inline int spawns(int n) {
  int a;
  [[sprig::spawn]] a = f(n);
  [[sprig::sync]];
  return a;
}

int caller(int n) { return spawns(n) + 1; }

// CHECK:       define {{.*}}i32 @_Z6calleri(
// CHECK:         call {{.*}}i32 @_Z6spawnsi(
// CHECK:       define {{.*}}i32 @_Z6spawnsi({{.*}}) {{.*}}#[[PARENT:[0-9]+]]
// CHECK:       define internal {{.*}}void @_Z6spawnsi.sprig.spawn.{{[0-9]+}}({{.*}}) {{.*}}#[[HELPER:[0-9]+]]
// CHECK-DAG:   attributes #[[PARENT]] = { {{.*}}noinline{{.*}}"frame-pointer"="all"{{.*}}"no-realign-stack"
// CHECK-DAG:   attributes #[[HELPER]] = { {{.*}}noinline
// OMIT-NOT:    attributes #[[HELPER]] = { {{.*}}"frame-pointer"="all"
