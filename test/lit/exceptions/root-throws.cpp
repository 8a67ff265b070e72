// A root spawning function with no cleanups of its own ends by an exception (rethrown
// at its sync) many times in a row: it must still wait for its children, pop every
// spawn (no stale deque entry), hand itself back to the thread that entered it and
// unbind, so the catch in main runs on main's thread and the next root binds afresh.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: sum 4500 same-thread 1
#include <cstdio>
#include <string>
#include <thread>
long work(int n) { return n < 2 ? n : work(n - 1) + work(n - 2); }
long thrower(int k) {
  work(20 - 3 * k);
  if (k == 1) throw 1;
  if (k == 2) throw std::string("two");
  return k;
}
long three() {
  long a, b, c;
  [[sprig::spawn]] a = thrower(0);
  [[sprig::spawn]] b = thrower(1);
  [[sprig::spawn]] c = thrower(2);
  [[sprig::sync]];
  return a + b + c;
}
int main() {
  long sum = 0;
  bool same = true;
  std::thread::id me = std::this_thread::get_id();
  for (int k = 0; k < 1500; ++k) {
    try {
      sum += three();
    } catch (int e) {
      sum += 3 * e;
    } catch (std::string &) {
      sum += 1000;
    }
    same = same && std::this_thread::get_id() == me;
  }
  std::printf("sum %ld same-thread %d\n", sum, same);
}
