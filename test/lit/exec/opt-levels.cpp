// The same program at every optimisation level: -O0 -O1 -O2 -O3 -Os -Oz, each compared
// with the serial elision.
// RUN: %clangxx -O0 -Wno-unknown-attributes -I%S/Inputs %s -o %t.serial
// RUN: %sprigxx -O0 -I%S/Inputs %s -o %t.O0
// RUN: %run_p %t.serial %t.O0 | FileCheck %s
// RUN: %sprigxx -O1 -I%S/Inputs %s -o %t.O1
// RUN: %run_p %t.serial %t.O1 | FileCheck %s
// RUN: %sprigxx -O2 -I%S/Inputs %s -o %t.O2
// RUN: %run_p %t.serial %t.O2 | FileCheck %s
// RUN: %sprigxx -O3 -I%S/Inputs %s -o %t.O3
// RUN: %run_p %t.serial %t.O3 | FileCheck %s
// RUN: %sprigxx -Os -I%S/Inputs %s -o %t.Os
// RUN: %run_p %t.serial %t.Os | FileCheck %s
// RUN: %sprigxx -Oz -I%S/Inputs %s -o %t.Oz
// RUN: %run_p %t.serial %t.Oz | FileCheck %s
// CHECK: fib=75025 lens=21947 acc=47368
#include "semantics-mix.h"

int main() { return mix_main(); }
