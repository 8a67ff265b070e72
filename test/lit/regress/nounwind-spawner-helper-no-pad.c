// In C, and in C++ without exceptions, Clang makes every function nounwind but leaves
// the calls of external functions and function pointers unmarked. The helper of a
// spawned such call wrapped it in an invoke to its catch-all, naming
// __gxx_personality_v0, and a C program linked without the C++ runtime failed ("DSO
// missing from command line"). A plain call in a nounwind spawner cannot unwind: no pad,
// no personality, and the program links with plain clang and libsprig.
// Not under the sanitizers: their instrumentation gives every function a cleanup pad
// of its own (the function-exit hook), which the IR checks would find.
// UNSUPPORTED: tsan, asan
// RUN: %sprigcc -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %sprigcc -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %sprigxx -x c++ -fno-exceptions -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clangc -O1 -fplugin=%plugin -I%sprig_inc %s -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig -pthread -o %t
// RUN: env SPRIG_NWORKERS=2 %t | FileCheck %s
// IR-NOT: personality
// IR-NOT: landingpad
// IR: sprig.spawn.{{[0-9]+}}(
// IR-NOT: personality
// IR-NOT: landingpad
// CHECK: 1 2 3 sum 6
#include <stdio.h>

static long add(long a, long b) { return a + b; }
static void say(long a) { printf("%ld ", a); }
// Through volatile pointers: Clang knows nothing of the callee.
static long (*volatile add_ptr)(long, long) = add;
static void (*volatile say_ptr)(long) = say;

long sum3(void) {
  long x, y, z;
  [[sprig::spawn]] x = add_ptr(0, 1);
  [[sprig::spawn]] y = add_ptr(1, 1);
  [[sprig::spawn]] z = add_ptr(1, 2);
  [[sprig::sync]];
  [[sprig::spawn]] say_ptr(x);
  [[sprig::sync]];
  [[sprig::spawn]] say_ptr(y);
  [[sprig::sync]];
  [[sprig::spawn]] say_ptr(z);
  [[sprig::sync]];
  return x + y + z;
}

int main(void) {
  long s = sum3();
  printf("sum %ld\n", s);
  return 0;
}
