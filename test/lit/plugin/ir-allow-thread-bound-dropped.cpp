// [[sprig::allow_thread_bound]] on a local variable is only for the frontend's warnings:
// the annotation is dropped before CodeGen, which would otherwise emit it as a
// llvm.var.annotation call and a string (in a function that spawns or not).
// RUN: %sprigxx -O0 -S -emit-llvm -o - %s | FileCheck %s --implicit-check-not=llvm.var.annotation --implicit-check-not=allow_thread_bound
// CHECK: define {{.*}}@_Z7spawnerv
// CHECK: define {{.*}}@_Z10no_spawnerv
#include <mutex>
std::mutex m;
int f(int);
int spawner() {
  [[sprig::allow_thread_bound]] std::lock_guard<std::mutex> g(m);
  int x;
  [[sprig::spawn]] x = f(1);
  [[sprig::sync]];
  return x;
}
int no_spawner() {
  [[sprig::allow_thread_bound]] int y = f(2);
  return y;
}
