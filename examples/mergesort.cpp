// mergesort: the two halves are sorted in parallel, then merged; the merge itself is
// parallel too (split the larger run at its middle, binary-search that value in the
// other run, merge the two sides in parallel), so the work at the top of the recursion
// does not stay serial. Shows nested spawns (a spawned call that spawns) and that a
// sync waits only for the children of the function it is in.
// Build: sprig++ -O2 mergesort.cpp -o mergesort;  run: ./mergesort [n]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

// Merge sorted [a, ae) and [b, be) into out.
void merge(const long *a, const long *ae, const long *b, const long *be, long *out) {
  if (ae - a < be - b) {
    std::swap(a, b);
    std::swap(ae, be);
  }
  if (be - b < 2048) {  // small: a sequential merge
    std::merge(a, ae, b, be, out);
    return;
  }
  const long *am = a + (ae - a) / 2;
  const long *bm = std::lower_bound(b, be, *am);
  long *om = out + (am - a) + (bm - b);
  *om = *am;
  [[sprig::spawn]] merge(a, am, b, bm, out);
  merge(am + 1, ae, bm, be, om + 1);
  [[sprig::sync]];
}

// Sort [a, a + n); the sorted run ends up in a, or in t[0, n) if into_t. The halves are
// sorted into the other array, so each level merges from one array into the other and
// nothing is copied back.
void mergesort(long *a, long *t, long n, bool into_t) {
  if (n < 4096) {
    std::sort(a, a + n);
    if (into_t)
      std::copy(a, a + n, t);
    return;
  }
  long h = n / 2;
  [[sprig::spawn]] mergesort(a, t, h, !into_t);
  mergesort(a + h, t + h, n - h, !into_t);
  [[sprig::sync]];  // both halves sorted (into t if into_t is false, else into a)
  if (into_t)
    merge(a, a + h, a + h, a + n, t);
  else
    merge(t, t + h, t + h, t + n, a);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 10'000'000;
  std::vector<long> v(n), tmp(n);
  std::mt19937_64 gen(7);
  for (long &x : v)
    x = static_cast<long>(gen() % 1'000'000);  // many duplicates
  std::vector<long> expect = v;
  std::sort(expect.begin(), expect.end());

  auto t0 = std::chrono::steady_clock::now();
  mergesort(v.data(), tmp.data(), n, false);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  if (v != expect) {  // self-check against std::sort
    std::printf("mergesort: WRONG: the result differs from std::sort\n");
    return 1;
  }
  std::printf("mergesort: sorted %ld longs, ok\n", n);
  std::fprintf(stderr, "time: %.3f s\n", s);
  return 0;
}
