// Built with -fno-exceptions (no landing pads, no personality): the lowering still
// works at -O0 and -O2.
// RUN: %clangxx -O2 -fno-exceptions -Wno-unknown-attributes -I%S/Inputs %s -o %t.serial
// RUN: %sprigxx -O0 -fno-exceptions -I%S/Inputs %s -o %t.O0
// RUN: %run_p %t.serial %t.O0 | FileCheck %s
// RUN: %sprigxx -O2 -fno-exceptions -I%S/Inputs %s -o %t.O2
// RUN: %run_p %t.serial %t.O2 | FileCheck %s
// CHECK: fib=75025 lens=21947 acc=47368
#include "semantics-mix.h"

int main() { return mix_main(); }
