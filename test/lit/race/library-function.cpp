// A race hidden in a called library function: children push_back into one std::vector
// (the header library's code is instrumented; the race is inside it, reached from the
// spawned calls), and in a function of another translation unit built as a library.
// RUN: %sprigxx --race -O1 -fPIC -shared %S/Inputs/lib-append.cpp -o %t.so
// RUN: %sprigxx --race -O1 %s %t.so -o %t
// RUN: %expect_exit 66 %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK-DAG: write at append_to(long*, long*, long) at {{.*}}lib-append.cpp:{{[0-9]+}}:{{[0-9]+}}
// CHECK-DAG: called from main at {{.*}}library-function.cpp:[[@LINE+18]]:{{[0-9]+}}
// CHECK-DAG: called from main at {{.*}}library-function.cpp:[[@LINE+16]]:{{[0-9]+}}
// CHECK-DAG: at push_back at {{.*}}stl_vector.h:{{[0-9]+}}:{{[0-9]+}}
// CHECK-DAG: called from main at {{.*}}library-function.cpp:[[@LINE+13]]:{{[0-9]+}}
// CHECK: sprig race: {{[0-9]+}} distinct races
#include <cstdio>
#include <vector>

void append_to(long *buf, long *len, long v);  // Inputs/lib-append.cpp

__attribute__((noinline)) void add(std::vector<int> *v, int x) { v->push_back(x); }

int main() {
  std::vector<int> v;
  v.reserve(16);
  long buf[8], len = 0;
  [[sprig::spawn]] add(&v, 1);
  [[sprig::spawn]] append_to(buf, &len, 2);
  append_to(buf, &len, 3);
  add(&v, 2);
  [[sprig::sync]];
  std::printf("%zu %ld\n", v.size(), len);
}
