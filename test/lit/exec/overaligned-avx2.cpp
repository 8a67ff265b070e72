// Over-aligned locals (alignas(64)) live across spawns and syncs in a spawning
// function compiled with -mavx2: their addresses stay aligned and their contents
// intact when the continuation is stolen and resumed elsewhere; AVX2 code runs in the
// children and in the continuation. Over-aligned locals that reach the spawning
// function by inlining (an inline callee's alignas(64) array; at -O0 the 32-byte
// __m256d temporaries of the always_inline AVX intrinsics) must be aligned too.
// REQUIRES: avx2
// RUN: %clangxx -O2 -mavx2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 -mavx2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -O0 -mavx2 %s -o %t.par0
// RUN: %run_p %t.serial %t.par0 | FileCheck %s
// CHECK: misaligned=0
// CHECK: result=
#include <cstdint>
#include <cstdio>
#include <immintrin.h>

int misaligned = 0;

__attribute__((noinline)) static void check(const void *p) {
  if ((uintptr_t)p % 64)
    __atomic_fetch_add(&misaligned, 1, __ATOMIC_RELAXED);
}

// Inlined into work(): its over-aligned local becomes one of work()'s.
inline __attribute__((always_inline)) double inlined_scratch(double seed) {
  alignas(64) double scratch[8];
  check(scratch);
  for (int i = 0; i < 8; ++i)
    scratch[i] = seed * i;
  return scratch[7];
}

double dot(const double *a, const double *b, int n) {
  __m256d acc = _mm256_setzero_pd();
  for (int i = 0; i < n; i += 4)
    acc = _mm256_add_pd(acc, _mm256_mul_pd(_mm256_loadu_pd(a + i), _mm256_loadu_pd(b + i)));
  alignas(32) double lanes[4];
  _mm256_store_pd(lanes, acc);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

double work(int depth, double seed) {
  alignas(64) double a[64];
  alignas(64) double b[64];
  check(a);
  check(b);
  for (int i = 0; i < 64; ++i) {
    a[i] = seed + i;
    b[i] = 1.0 / (i + 1);
  }
  if (depth == 0)
    return dot(a, b, 64);
  double l, r;
  [[sprig::spawn]] l = work(depth - 1, seed + 1);
  [[sprig::spawn]] r = work(depth - 1, seed + 2);
  // Aligned AVX2 loads and stores of the over-aligned locals in the continuation.
  for (int i = 0; i < 64; i += 4)
    _mm256_store_pd(a + i, _mm256_add_pd(_mm256_load_pd(a + i), _mm256_load_pd(b + i)));
  double s = inlined_scratch(seed);
  [[sprig::sync]];
  check(a);
  check(b);
  return l + r + dot(a, b, 64) + s;
}

int main() {
  double r = work(14, 0.5);
  std::printf("misaligned=%d\n", misaligned);
  std::printf("result=%.6f\n", r);
}
