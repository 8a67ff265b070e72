// -flto: the lowering runs in the pre-link pipeline; two translation units (this one
// and a header-using second one) linked with LTO, at -O2 and with -flto=thin.
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%S/Inputs %s %S/Inputs/lto-b.cpp -o %t.serial
// RUN: %sprigxx -O2 -flto -I%S/Inputs -c %s -o %t.main.o
// RUN: %sprigxx -O2 -flto -I%S/Inputs -c %S/Inputs/lto-b.cpp -o %t.b.o
// RUN: %sprigxx -O2 -flto %t.main.o %t.b.o -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -O2 -flto=thin -I%S/Inputs %s %S/Inputs/lto-b.cpp -o %t.thin
// RUN: %run_p %t.serial %t.thin | FileCheck %s
// CHECK: fib=75025 lens=21947 acc=47368
// CHECK: other_tu=196418
#include "semantics-mix.h"

long lto_other(int n);

int main() {
  mix_main();
  std::printf("other_tu=%ld\n", lto_other(27));
}
