// bench/cilksort/config.hpp - Cilk-5's cilksort: a parallel mergesort with a parallel
// merge. cilksort(A, n) sorts the four quarters in parallel, merges them pairwise in
// parallel into tmp, then merges the two halves back; cilkmerge splits the larger input
// at its median, finds the split point in the other by binary search, and merges both
// sides in parallel. Cutoffs as in Cilk-5: below QUICKSIZE = 2048 elements a sequential
// quicksort (insertion sort below INSERTIONSIZE = 20), below MERGESIZE = 2048 elements
// (of the smaller input) a sequential merge.
// Suite input: 10^7 ints from splitmix64 (seed 2024), full 32-bit range.
//
// This file holds the input, the check and the sequential leaf code shared by every
// competitor; the parallel recursion is in each competitor's file.
#pragma once
#include "../common/bench.hpp"
#include <algorithm>
#include <cstring>
#include <vector>

namespace cfg {
constexpr const char *kName = "cilksort";
constexpr long kN = 10'000'000;
constexpr long kQuickSize = 2048;
constexpr long kMergeSize = 2048;
constexpr long kInsertionSize = 20;
constexpr uint64_t kSeed = 2024;

using Elm = int;

inline std::vector<Elm> input(long n) {
  std::vector<Elm> v(n);
  bench::Rng r(kSeed);
  for (auto &x : v)
    x = static_cast<Elm>(static_cast<uint32_t>(r.next()));
  return v;
}

// ---- sequential leaves (Cilk-5's seqquick and seqmerge), on half-open ranges ----

inline Elm med3(Elm a, Elm b, Elm c) {
  if (a < b)
    return b < c ? b : (a < c ? c : a);
  return b > c ? b : (a > c ? c : a);
}

inline void insertion_sort(Elm *lo, Elm *hi) {
  for (Elm *q = lo + 1; q < hi; ++q) {
    Elm a = *q;
    Elm *p = q - 1;
    for (; p >= lo && *p > a; --p)
      p[1] = *p;
    p[1] = a;
  }
}

// Hoare partition of [lo, hi) (hi - lo >= 2) around a median of three; returns m with
// lo < m < hi, every element of [lo, m) <= every element of [m, hi).
inline Elm *seqpart(Elm *lo, Elm *hi) {
  Elm pivot = med3(lo[0], hi[-1], lo[(hi - lo) / 2]);
  Elm *i = lo - 1, *j = hi;
  for (;;) {
    do
      ++i;
    while (*i < pivot);
    do
      --j;
    while (*j > pivot);
    if (i >= j)
      return j + 1;
    std::swap(*i, *j);
  }
}

inline void seqquick(Elm *lo, Elm *hi) {
  while (hi - lo >= kInsertionSize) {
    Elm *m = seqpart(lo, hi);
    if (m - lo < hi - m) {  // recurse into the smaller side: O(log n) stack
      seqquick(lo, m);
      lo = m;
    } else {
      seqquick(m, hi);
      hi = m;
    }
  }
  insertion_sort(lo, hi);
}

inline void seqmerge(const Elm *a, const Elm *ae, const Elm *b, const Elm *be, Elm *d) {
  while (a < ae && b < be)
    *d++ = *b < *a ? *b++ : *a++;
  if (a < ae)
    std::memcpy(d, a, sizeof(Elm) * (ae - a));
  else if (b < be)
    std::memcpy(d, b, sizeof(Elm) * (be - b));
}

// ---- check ----

// Order-independent fingerprint of a multiset.
inline uint64_t multiset_hash(const std::vector<Elm> &v) {
  uint64_t h = 0;
  for (Elm x : v)
    h += bench::mix64(static_cast<uint32_t>(x));
  return h;
}

// The array must be sorted and a permutation of the input; RESULT is a position-weighted
// fingerprint of it, which bench.sh compares with the serial program's.
inline long long check(const char *competitor, const std::vector<Elm> &out,
                       uint64_t input_hash) {
  for (size_t i = 1; i < out.size(); ++i)
    if (out[i - 1] > out[i])
      bench::fail(kName, competitor, "not sorted at index %zu: %d > %d", i, out[i - 1],
                  out[i]);
  if (multiset_hash(out) != input_hash)
    bench::fail(kName, competitor, "output is not a permutation of the input");
  uint64_t f = 0;
  for (size_t i = 0; i < out.size(); ++i)
    f = f * 1000003u + static_cast<uint32_t>(out[i]);
  return static_cast<long long>(f >> 1);
}
}  // namespace cfg
