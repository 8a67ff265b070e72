// alloca and variable-length arrays in spawning functions (the Cilk-5 nqueens copies its
// board into alloca'd memory before each spawn). A stolen continuation runs on another
// stack and a sync moves it back, so they come from a per-invocation heap arena: alloca
// lives until the function returns, a VLA until its scope ends (also in a loop), both
// freed when an exception leaves the function.
// RUN: %run_opts %s %t -Wno-vla-cxx-extension | FileCheck %s
// RUN: %sprigxx -O2 -Wno-vla-cxx-extension -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// CHECK: nqueens(9)=352 vla=2870 loopvla=13234 caught=7 deep=5050
// IR-LABEL: define {{.*}}@_Z7nqueensiiPc(
// IR: call {{.*}}@__sprig_alloca(ptr
// IR: call {{.*}}@__sprig_alloca(ptr
// IR: call void @__sprig_alloca_release(ptr
// IR: ret
#include <alloca.h>
#include <cstdio>
#include <cstring>

static bool ok(int n, const char *a) {
  for (int i = 0; i < n; i++) {
    char p = a[i];
    for (int j = i + 1; j < n; j++) {
      char q = a[j];
      if (q == p || q == p - (j - i) || q == p + (j - i))
        return false;
    }
  }
  return true;
}

long nqueens(int n, int j, char *a) {
  if (n == j)
    return 1;
  long *count = (long *)alloca(n * sizeof(long));
  std::memset(count, 0, n * sizeof(long));
  for (int i = 0; i < n; i++) {
    char *b = (char *)alloca((j + 1) * sizeof(char));  // one copy per child, as in Cilk-5
    std::memcpy(b, a, j * sizeof(char));
    b[j] = (char)i;
    if (ok(j + 1, b))
      [[sprig::spawn]] count[i] = nqueens(n, j + 1, b);
  }
  [[sprig::sync]];
  long s = 0;
  for (int i = 0; i < n; i++)
    s += count[i];
  return s;
}

long sq(long x) { return x * x; }

long vla(int n) {
  long v[n];  // before the spawns, used after the sync
  for (int i = 0; i < n; i++)
    [[sprig::spawn]] v[i] = sq(i + 1);
  [[sprig::sync]];
  long s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

long loopvla(int n) {
  long total = 0;
  for (int k = 1; k <= n; k++) {
    long w[k];  // a VLA per iteration: its scope ends each time round
    for (int i = 0; i < k; i++)
      [[sprig::spawn]] w[i] = sq(i + k);
    [[sprig::sync]];
    for (int i = 0; i < k; i++)
      total += w[i];
  }
  return total;
}

struct Err { int code; };
long thrower(long x) { if (x == 3) throw Err{7}; return x; }

long throws_through(int n) {
  long *p = (long *)alloca(n * sizeof(long));
  for (int i = 0; i < n; i++)
    [[sprig::spawn]] p[i] = thrower(i);
  [[sprig::sync]];
  return p[0];
}

long deep(int n) {  // many nested frames each with an alloca: released at every return
  if (n == 0)
    return 0;
  long *p = (long *)alloca(sizeof(long) * 64);
  [[sprig::spawn]] p[0] = deep(n - 1);
  [[sprig::sync]];
  return p[0] + n;
}

int main() {
  char a[16];
  long c = 0;
  for (int r = 0; r < 200; r++) {  // exceptions out of a function with an arena
    try {
      throws_through(8);
    } catch (const Err &e) {
      c = e.code;
    }
  }
  std::printf("nqueens(9)=%ld vla=%ld loopvla=%ld caught=%ld deep=%ld\n", nqueens(9, 0, a),
              vla(20), loopvla(12), c, deep(100));
}
