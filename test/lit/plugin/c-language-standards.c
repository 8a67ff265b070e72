// Sprig's attributes work in C (once "Sprig is for C++ only"): C23's [[...]] syntax,
// which clang 22 also takes in C11 and C17 and their gnu dialects. Every form is accepted
// in each standard, with no diagnostic; the same file lowers to a spawning function
// (a helper per spawn, no marker left) at each.
// RUN: %clangc -std=c11 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangc -std=c17 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangc -std=c23 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangc -std=gnu11 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangc -std=gnu17 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangc -std=gnu23 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %sprigcc -std=c11 -O1 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigcc -std=c23 -O1 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigcc -std=gnu17 -O1 -S -emit-llvm %s -o - | FileCheck %s
// expected-no-diagnostics

int f(int);
static void zero(void *v) { *(int *)v = 0; }
static void plus(void *l, void *r) { *(int *)l += *(int *)r; }
[[sprig::reducer(zero, plus)]] int total;

int g(int n) {
  int a;
  [[sprig::spawn]] a = f(1);
  [[sprig::spawn]] int b = f(2);
  [[sprig::spawn]] f(3);
  [[sprig::sync]];
  [[sprig::parallel_for]] [[sprig::grainsize(4)]] for (int i = 0; i < n; i++) total += f(i);
  return a + b;
}

// The markers are gone, each spawn is a preserve_none helper, the loop a call of the
// divide-and-conquer driver, and no C++ personality is named (a C program does not link
// the C++ runtime).
// CHECK-NOT: @__sprig_{{spawn_begin|spawn_end|sync\(|tag_|lhs_|pfor_begin|pfor_index|pfor_end}}
// CHECK-NOT: personality
// CHECK: define dso_local i32 @g(
// CHECK-NOT: @__sprig_{{spawn_begin|spawn_end|sync\(|tag_|lhs_|pfor_begin|pfor_index|pfor_end}}
// CHECK-NOT: personality
// CHECK: call preserve_nonecc void @g.sprig.spawn.{{[0-9]+}}(
// CHECK-NOT: @__sprig_{{spawn_begin|spawn_end|sync\(|tag_|lhs_|pfor_begin|pfor_index|pfor_end}}
// CHECK-NOT: personality
// CHECK: call {{.*}}void @__sprig_pfor_dc{{(\.sprig\.worker\.pn)?}}(
// CHECK-NOT: @__sprig_{{spawn_begin|spawn_end|sync\(|tag_|lhs_|pfor_begin|pfor_index|pfor_end}}
// CHECK-NOT: personality
