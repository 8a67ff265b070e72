// Divide and conquer whose halves overlap by one element (an off-by-one in the split):
// the element both halves write is a race; the rest of the array is not.
// RUN: %sprigxx --race -O2 %s -o %t
// RUN: %expect_exit 66 %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: write at fill(int*, long, long) at {{.*}}overlapping-ranges.cpp:[[@LINE+9]]:{{[0-9]+}}
// CHECK: logically parallel with the earlier write at fill(int*, long, long) at {{.*}}overlapping-ranges.cpp:[[@LINE+8]]:{{[0-9]+}}
// CHECK: sprig race: 1 distinct race{{$}}
#include <cstdio>
#include <vector>

void fill(int *a, long lo, long hi) {
  if (hi - lo <= 4) {
    for (long i = lo; i < hi; ++i)
      a[i] = static_cast<int>(i);
    return;
  }
  long mid = lo + (hi - lo) / 2;
  [[sprig::spawn]] fill(a, lo, mid + 1);  // should be mid
  fill(a, mid, hi);
  [[sprig::sync]];
}

int main() {
  std::vector<int> a(64);
  fill(a.data(), 0, 64);
  long s = 0;
  for (int v : a)
    s += v;
  std::printf("%ld\n", s);
}
