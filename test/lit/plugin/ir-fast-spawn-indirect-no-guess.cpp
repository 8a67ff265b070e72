// Two spawners of the module whose addresses are taken have the spawned pointer's type:
// no guess, the helper keeps the plain indirect call (one comparison would pay for
// itself only if the guess were right most of the time, which nothing here says).
// RUN: %sprigxx -O2 -S -emit-llvm %s -o - | FileCheck %s

long (*volatile pick)(long);

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  long (*f)(long) = pick;
  [[sprig::spawn]] x = f(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  return x + y;
}

long tri(long n) {
  if (n < 1)
    return 0;
  long x;
  [[sprig::spawn]] x = tri(n - 1);
  [[sprig::sync]];
  return x + n;
}

long run(long n, bool which) {
  pick = which ? fib : tri;
  return fib(n);
}

// CHECK-LABEL: define internal preserve_nonecc void @_Z3fibl.sprig.spawn.{{[0-9]+}}(
// CHECK-NOT:     icmp eq ptr %{{[0-9]+}}, @_Z3
// CHECK:         {{call|invoke}} {{.*}}i64 %{{[0-9]+}}(i64
// CHECK-NOT:     icmp eq ptr %{{[0-9]+}}, @_Z3
// CHECK:       {{^}}}
