// A child throws and the exception leaves its parent, a spawning function with nothing
// to destroy (so Clang gave it no landing pad), to a handler in the caller. The parallel
// program syncs the parent's children on the way out; the detector must see that sync
// and the parent's exit, or everything after the catch looks parallel with the
// children (it reported the reads of acc below as races). Each call that may throw in a
// spawning function now gets a cleanup pad with the detector's hooks
// (plugin/modes/SerialHooks.cpp, addExceptionExits).
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --allow-empty %s --check-prefix=CLEAN < %t.err
// CHECK: caught 1 0 0
// CHECK: caught 1 0 4
// CLEAN-NOT: race
#include <cstdio>
#include <stdexcept>

long acc[4];

__attribute__((noinline)) long f(int v) {
  if (v < 0)
    throw std::runtime_error("negative");
  return v;
}

void update(int t) {
  [[sprig::spawn]] acc[1] = f(1);
  [[sprig::spawn]] acc[2] = f(t);
  acc[3] = 2;
  [[sprig::sync]];
}

void outer(int t) {
  [[sprig::spawn]] update(t);
  [[sprig::sync]];
  acc[3] = 3;
}

int main() {
  try {
    update(-1);
  } catch (const std::exception &) {
    std::printf("caught %ld %ld %ld\n", acc[1], acc[2], acc[3]);
  }
  acc[3] = 4;
  try {
    outer(-1);
  } catch (const std::exception &) {
    std::printf("caught %ld %ld %ld\n", acc[1], acc[2], acc[3]);
  }
  return 0;
}
