// cilksort: the Cilk examples' parallel merge sort. Sort the four quarters in parallel,
// merge them pairwise in parallel into a temporary, merge the halves back; a merge
// splits the larger input at its middle, finds that element's place in the other by
// binary search, and merges the two halves in parallel. Checks against std::sort.
#include <cilk/cilk.h>
#include <algorithm>
#include <cstdio>
#include <vector>

typedef long elm;

// The first position in [lo, hi) whose value is >= v.
static elm *binsplit(elm v, elm *lo, elm *hi) {
  return std::lower_bound(lo, hi, v);
}

// Merge the sorted [l1, h1) and [l2, h2) into dest.
void cilkmerge(elm *l1, elm *h1, elm *l2, elm *h2, elm *dest) {
  if (h1 - l1 < h2 - l2) {
    std::swap(l1, l2);
    std::swap(h1, h2);
  }
  if (h1 - l1 == 0)
    return;
  if ((h1 - l1) + (h2 - l2) < 512) {
    std::merge(l1, h1, l2, h2, dest);
    return;
  }
  elm *split1 = l1 + (h1 - l1) / 2;
  elm *split2 = binsplit(*split1, l2, h2);
  long lowsize = (split1 - l1) + (split2 - l2);
  dest[lowsize] = *split1;
  cilk_spawn cilkmerge(l1, split1, l2, split2, dest);
  cilkmerge(split1 + 1, h1, split2, h2, dest + lowsize + 1);
  cilk_sync;
}

void cilksort(elm *low, elm *tmp, long size) {
  if (size < 1024) {
    std::sort(low, low + size);
    return;
  }
  long q = size / 4;
  elm *A = low, *tmpA = tmp;
  elm *B = A + q, *tmpB = tmpA + q;
  elm *C = B + q, *tmpC = tmpB + q;
  elm *D = C + q, *tmpD = tmpC + q;
  cilk_spawn cilksort(A, tmpA, q);
  cilk_spawn cilksort(B, tmpB, q);
  cilk_spawn cilksort(C, tmpC, q);
  cilksort(D, tmpD, size - 3 * q);
  cilk_sync;
  cilk_spawn cilkmerge(A, A + q, B, B + q, tmpA);
  cilkmerge(C, C + q, D, low + size, tmpC);
  cilk_sync;
  cilkmerge(tmpA, tmpC, tmpC, tmpA + size, A);
}

int main() {
  const long n = 200000;
  std::vector<elm> a(n), tmp(n);
  unsigned long x = 88172645463325252ul;
  for (long i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    a[i] = long(x % 1000000);
  }
  std::vector<elm> b = a;
  cilksort(a.data(), tmp.data(), n);
  std::sort(b.begin(), b.end());
  bool ok = a == b;
  std::printf("cilksort %ld elements: first %ld last %ld %s\n", n, a[0], a[n - 1],
              ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
