// <sprig/parallel_for.h> is the serial loop under g++ (no plugin, no runtime): the same
// program as exec/parallel-for-header.cpp builds with -Wall -Werror and prints what the
// clang serial elision prints.
// REQUIRES: gxx
// RUN: %gxx -O2 -std=c++17 -Wall -Wextra -Werror -I%sprig_inc %S/../exec/parallel-for-header.cpp -o %t.gcc
// RUN: %clangxx -O2 -I%sprig_inc %S/../exec/parallel-for-header.cpp -o %t.clang
// RUN: %t.gcc > %t.gcc.out
// RUN: %t.clang > %t.clang.out
// RUN: diff %t.gcc.out %t.clang.out
// RUN: FileCheck %s < %t.gcc.out
// CHECK: trips 3
// CHECK: caught iteration 700
