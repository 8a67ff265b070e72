// Parallel mergesort with a parallel (divide-and-conquer) merge, on 1M pseudo-random
// ints; prints whether the result is sorted, a checksum, and a few elements.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: sorted=1 permutation=1
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

static void merge(const int *a, long na, const int *b, long nb, int *out) {
  if (na < nb) {
    std::swap(a, b);
    std::swap(na, nb);
  }
  if (na == 0)
    return;
  if (na + nb <= 2048) {
    std::merge(a, a + na, b, b + nb, out);
    return;
  }
  long ma = na / 2;
  long mb = std::lower_bound(b, b + nb, a[ma]) - b;
  out[ma + mb] = a[ma];
  [[sprig::spawn]] merge(a, ma, b, mb, out);
  merge(a + ma + 1, na - ma - 1, b + mb, nb - mb, out + ma + mb + 1);
  [[sprig::sync]];
}

// Sorts in[0,n) into out (tmp is scratch of the same size).
static void sort(int *in, int *tmp, long n, bool into_tmp) {
  if (n <= 1024) {
    std::sort(in, in + n);
    if (into_tmp)
      std::copy(in, in + n, tmp);
    return;
  }
  long h = n / 2;
  [[sprig::spawn]] sort(in, tmp, h, !into_tmp);
  sort(in + h, tmp + h, n - h, !into_tmp);
  [[sprig::sync]];
  if (into_tmp)
    merge(in, h, in + h, n - h, tmp);
  else
    merge(tmp, h, tmp + h, n - h, in);
}

int main() {
  const long n = 1 << 20;
  std::vector<int> v(n), tmp(n);
  uint64_t x = 88172645463325252ull, sum_in = 0;
  for (long i = 0; i < n; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    v[i] = (int)(x % 1000000007u);
    sum_in += (uint64_t)v[i] * 2654435761u ^ (uint64_t)v[i];
  }
  std::vector<int> ref = v;
  std::sort(ref.begin(), ref.end());
  sort(v.data(), tmp.data(), n, false);
  uint64_t h = 1469598103934665603ull;
  for (long i = 0; i < n; ++i)
    h = (h ^ (uint64_t)v[i]) * 1099511628211ull;
  std::printf("sorted=%d permutation=%d\n", (int)std::is_sorted(v.begin(), v.end()),
              (int)(v == ref));
  std::printf("hash=%016llx first=%d mid=%d last=%d\n", (unsigned long long)h, v[0],
              v[n / 2], v[n - 1]);
}
