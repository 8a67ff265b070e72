// Three translation units, each with spawning functions, compiled separately and
// linked; all three emit the header's inline spawning functions.
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%S/Inputs -c %s -o %t.main.serial.o
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%S/Inputs -c %S/Inputs/multi-tu-a.cpp -o %t.a.serial.o
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%S/Inputs -c %S/Inputs/multi-tu-b.cpp -o %t.b.serial.o
// RUN: %clangxx %t.main.serial.o %t.a.serial.o %t.b.serial.o -o %t.serial
// RUN: %sprigxx -O2 -I%S/Inputs -c %s -o %t.main.o
// RUN: %sprigxx -O2 -I%S/Inputs -c %S/Inputs/multi-tu-a.cpp -o %t.a.o
// RUN: %sprigxx -O2 -I%S/Inputs -c %S/Inputs/multi-tu-b.cpp -o %t.b.o
// RUN: %sprigxx %t.main.o %t.a.o %t.b.o -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: main=196418 a=458562 b=262144
#include "multi-tu.h"
#include "pfib.h"
#include <cstdio>

int main() {
  long m, a, b;
  [[sprig::spawn]] m = pfib(27);
  [[sprig::spawn]] a = tu_a_sum(27);
  b = tu_b_tree(18);
  [[sprig::sync]];
  std::printf("main=%ld a=%ld b=%ld\n", m, a, b);
}
