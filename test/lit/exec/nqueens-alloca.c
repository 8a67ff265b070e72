// N-queens as Cilk-5's nqueens.c writes it: each placement copies the board into an
// alloca'd buffer and spawns on it; the counts go to a variable-length array, summed
// after the sync. Both live in the spawning function's heap arena (a stolen
// continuation runs on another stack): the alloca until the function returns, the VLA
// until its scope ends (a loop of scopes, each with its own VLA, runs after the sync).
// RUN: %run_opts_c %s %t | FileCheck %s
// CHECK: nqueens(6) = 4
// CHECK: nqueens(8) = 92
// CHECK: nqueens(9) = 352
// CHECK: scratch = 120
#include <alloca.h>
#include <stdio.h>
#include <string.h>

static int ok(int n, const char *a) {
  for (int i = 0; i < n; i++) {
    int p = a[i];
    for (int j = i + 1; j < n; j++) {
      int q = a[j];
      if (q == p || q == p - (j - i) || q == p + (j - i))
        return 0;
    }
  }
  return 1;
}

static long nqueens(int n, int j, const char *a) {
  if (n == j)
    return 1;
  long count[n];  // a VLA in a spawning function
  memset(count, 0, sizeof count);
  for (int i = 0; i < n; i++) {
    char *b = alloca((size_t)(j + 1));  // lives until nqueens returns
    memcpy(b, a, (size_t)j);
    b[j] = (char)i;
    if (ok(j + 1, b))
      [[sprig::spawn]] count[i] = nqueens(n, j + 1, b);
  }
  [[sprig::sync]];
  long total = 0;
  for (int i = 0; i < n; i++)
    total += count[i];
  // VLAs in a loop's scopes, after the sync: each released at the end of its iteration.
  for (int k = 1; k <= 3; k++) {
    long scratch[k * 4];
    for (int m = 0; m < k * 4; m++)
      scratch[m] = total;
    total = scratch[k * 4 - 1];
  }
  return total;
}

static long sum(long n) { return n * (n + 1) / 2; }

// A spawning function with a VLA the children fill.
static long scratch(int n) {
  long v[n];
  for (int i = 0; i < n; i++)
    [[sprig::spawn]] v[i] = sum(i);
  [[sprig::sync]];
  long t = 0;
  for (int i = 0; i < n; i++)
    t += v[i];
  return t;
}

int main(void) {
  int sizes[] = {6, 8, 9};
  for (int k = 0; k < 3; k++) {
    char *a = alloca((size_t)sizes[k]);
    printf("nqueens(%d) = %ld\n", sizes[k], nqueens(sizes[k], 0, a));
  }
  printf("scratch = %ld\n", scratch(9));
  return 0;
}
