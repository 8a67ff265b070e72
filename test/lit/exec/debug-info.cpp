// Built with -g (at -O0 and -O2): compiles without verifier complaints about debug
// locations in the outlined helpers, and runs like the serial elision.
// RUN: %clangxx -O0 -g -Wno-unknown-attributes -I%S/Inputs %s -o %t.serial
// RUN: %sprigxx -O0 -g -I%S/Inputs %s -o %t.O0g 2>&1 | FileCheck %s --allow-empty --check-prefix=NOWARN
// RUN: %run_p %t.serial %t.O0g | FileCheck %s
// RUN: %sprigxx -O2 -g -I%S/Inputs %s -o %t.O2g 2>&1 | FileCheck %s --allow-empty --check-prefix=NOWARN
// RUN: %run_p %t.serial %t.O2g | FileCheck %s
// The IR with debug info passes the verifier.
// RUN: %sprigxx -O0 -g -I%S/Inputs -S -emit-llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// NOWARN-NOT: warning
// NOWARN-NOT: error
// CHECK: fib=75025 lens=21947 acc=47368
#include "semantics-mix.h"

int main() { return mix_main(); }
