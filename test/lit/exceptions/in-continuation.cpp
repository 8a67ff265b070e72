// The spawning function itself throws while its children still run: the exception
// waits for the children (they write into the function's locals, which die with the
// unwinding) before it leaves. If a child spawned before the throw also threw, the
// child's exception is the one that propagates (it comes first in serial order, and
// the serial program never reaches the parent's throw).
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: parent throws: caught parent, children done=16
// CHECK: child first: caught child 3
// CHECK: with locals: caught parent, children done=16, live=0
#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
std::atomic<int> done{0};
std::atomic<int> live{0};

void child(long *slot, int i, int throw_at) {
  *slot = fib(20 + i % 4);
  done++;
  if (i == throw_at)
    throw std::runtime_error("child " + std::to_string(i));
}

void parent(int throw_at) {
  long results[16];
  for (int i = 0; i < 16; ++i)
    [[sprig::spawn]] child(&results[i], i, throw_at);
  throw std::runtime_error("parent");
}

struct Local {
  Local() { live++; }
  ~Local() { live--; }
};

void parent_with_locals() {
  Local a;
  long results[16];
  Local b;
  for (int i = 0; i < 16; ++i)
    [[sprig::spawn]] child(&results[i], i, -1);
  Local c;
  throw std::runtime_error("parent");
}

int main() {
  try {
    parent(-1);
  } catch (const std::exception &e) {
    std::printf("parent throws: caught %s, children done=%d\n", e.what(), done.load());
  }
  try {
    parent(3);
  } catch (const std::exception &e) {
    std::printf("child first: caught %s\n", e.what());
  }
  done = 0;
  try {
    parent_with_locals();
  } catch (const std::exception &e) {
    std::printf("with locals: caught %s, children done=%d, live=%d\n", e.what(), done.load(),
                live.load());
  }
}
