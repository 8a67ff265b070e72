// Races inside templates and lambdas: a function template spawned twice on one object,
// and a lambda spawned while its captured reference is written by the continuation.
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %expect_exit 66 %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: write at void bump<long>(Box<long>*) at {{.*}}templates-lambdas.cpp:[[@LINE+11]]:{{[0-9]+}}
// CHECK: logically parallel with the earlier write at void bump<long>(Box<long>*) at {{.*}}templates-lambdas.cpp:[[@LINE+10]]:{{[0-9]+}}
// CHECK: write at main at {{.*}}templates-lambdas.cpp:[[@LINE+21]]:{{[0-9]+}}
// CHECK-NEXT: logically parallel with the earlier read at {{.*}}operator()() const at {{.*}}templates-lambdas.cpp:[[@LINE+17]]:{{[0-9]+}}
// CHECK: sprig race: 2 distinct races
#include <cstdio>

template <class T> struct Box {
  T value{};
};
template <class T> __attribute__((noinline)) void bump(Box<T> *b) {
  b->value += 1;
}

int main() {
  Box<long> b;
  [[sprig::spawn]] bump(&b);
  [[sprig::spawn]] bump(&b);
  [[sprig::sync]];
  int shared = 0;
  auto reader = [&shared]() __attribute__((noinline)) { return shared * 2; };
  int r;
  [[sprig::spawn]] r = reader();
  shared = 5;
  [[sprig::sync]];
  std::printf("%ld %d\n", b.value, r);
}
