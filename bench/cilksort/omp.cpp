// cilksort, OpenMP tasks: the same recursion with a task per spawn and taskwait per sync.
#include "../common/omp_setup.hpp"
#include "config.hpp"
using cfg::Elm;

// Merge sorted [a, ae) and [b, be) into d.
void cilkmerge(const Elm *a, const Elm *ae, const Elm *b, const Elm *be, Elm *d) {
  if (ae - a < be - b) {  // a is the larger input
    std::swap(a, b);
    std::swap(ae, be);
  }
  if (be - b < cfg::kMergeSize) {
    cfg::seqmerge(a, ae, b, be, d);
    return;
  }
  const Elm *sa = a + (ae - a) / 2;              // median of the larger input
  const Elm *sb = std::lower_bound(b, be, *sa);  // split point in the smaller one
  Elm *dm = d + (sa - a) + (sb - b);
  *dm = *sa;
#pragma omp task
  cilkmerge(a, sa, b, sb, d);
#pragma omp task
  cilkmerge(sa + 1, ae, sb, be, dm + 1);
#pragma omp taskwait
}

// Sort [a, a + n) using tmp[0, n) as scratch.
void cilksort(Elm *a, Elm *tmp, long n) {
  if (n < cfg::kQuickSize) {
    cfg::seqquick(a, a + n);
    return;
  }
  long q = n / 4;
  Elm *A = a, *B = a + q, *C = a + 2 * q, *D = a + 3 * q, *E = a + n;
  Elm *tA = tmp, *tC = tmp + 2 * q;
#pragma omp task
  cilksort(A, tA, q);
#pragma omp task
  cilksort(B, tmp + q, q);
#pragma omp task
  cilksort(C, tC, q);
#pragma omp task
  cilksort(D, tmp + 3 * q, n - 3 * q);
#pragma omp taskwait
#pragma omp task
  cilkmerge(A, B, B, C, tA);
#pragma omp task
  cilkmerge(C, D, D, E, tC);
#pragma omp taskwait
  cilkmerge(tA, tC, tC, tmp + n, A);
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  std::vector<Elm> v = cfg::input(n), tmp(n);
  uint64_t h = cfg::multiset_hash(v);
  bench::omp_warmup();
  auto t0 = bench::now();
#pragma omp parallel
#pragma omp single
  cilksort(v.data(), tmp.data(), n);
  double s = bench::seconds_since(t0);
  bench::report(cfg::kName, "omp", cfg::check("omp", v, h), s);
}
