// Locals in the frame (plugin/lower/OutlineSpawn.cpp): a small local (16 bytes at most) that a
// spawned statement uses by address (an assignment's target) moves into the spawning
// function's frame allocation, past the 120-byte sprig_frame, and the helper derives its
// address from the parent pointer instead of taking it as an argument: the parent passes
// one pointer less, and the helper keeps none alive across the child. Here x (8 bytes)
// and p (16) make the frame 120 + 24 = 144 bytes, and their helpers take only the parent
// and n. A larger local (arr, 32 bytes) and an over-aligned one (`big`, 64) stay allocas
// passed by address.
// -mllvm -sprig-locals-in-frame=0 keeps the former lowering (every address an argument).
// RUN: %sprigxx -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %sprigxx -O2 -mllvm -sprig-inline-children=0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OPT
// RUN: %sprigxx -O0 -mllvm -sprig-locals-in-frame=0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF

struct pair { long a, b; };
pair mk(long n);
long leaf(long n);
void fill(long *a, long n);

long f(long n) {
  long x, y;
  pair p;
  long arr[4];
  alignas(64) long big;
  [[sprig::spawn]] x = leaf(n);
  [[sprig::spawn]] p = mk(n);
  [[sprig::spawn]] fill(arr, n);
  [[sprig::spawn]] big = leaf(n + 1);
  y = leaf(n + 2);
  [[sprig::sync]];
  return x + y + p.a + p.b + arr[0] + big;
}

// CHECK-LABEL: define dso_local noundef i64 @_Z1fl(
// CHECK:         alloca [144 x i8], align 16, !sprig.frame
// CHECK:         {{call|invoke}} preserve_nonecc void @_Z1fl.sprig.spawn.0(ptr %{{[0-9]+}}, i64 %{{[0-9]+}})
// CHECK:         {{call|invoke}} preserve_nonecc void @_Z1fl.sprig.spawn.3(ptr %{{[0-9]+}}, i64 %{{[0-9]+}}, ptr %{{[0-9]+}})
// The helpers of x and p find them at parent + 120 and + 128.
// CHECK-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.0(ptr %0, i64 %1)
// CHECK:         getelementptr inbounds i8, ptr %0, i64 120
// CHECK-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.1(ptr %0, i64 %1)
// CHECK:         getelementptr inbounds i8, ptr %0, i64 128
// CHECK-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.2(ptr %0, ptr %1, i64 %2)
// CHECK-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.3(ptr %0, i64 %1, ptr %2)

// OPT-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.0(ptr {{.*}}%0, i64 %1)
// OPT-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.1(ptr {{.*}}%0, i64 %1)
// OPT-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.3(ptr {{.*}}%0, i64 %1, ptr {{.*}}%2)

// OFF-LABEL: define dso_local noundef i64 @_Z1fl(
// OFF:         alloca [120 x i8], align 16, !sprig.frame
// OFF-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.0(ptr %0, i64 %1, ptr %2)
// OFF-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.1(ptr %0, i64 %1, ptr %2)
// OFF-LABEL: define internal preserve_nonecc void @_Z1fl.sprig.spawn.2(ptr %0, ptr %1, i64 %2)
