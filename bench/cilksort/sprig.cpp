// cilksort, Sprig: Cilk-5's cilksort with the attributes.
#include "../common/sprig_setup.hpp"
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
  [[sprig::spawn]] cilkmerge(a, sa, b, sb, d);
  [[sprig::spawn]] cilkmerge(sa + 1, ae, sb, be, dm + 1);
  [[sprig::sync]];
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
  [[sprig::spawn]] cilksort(A, tA, q);
  [[sprig::spawn]] cilksort(B, tmp + q, q);
  [[sprig::spawn]] cilksort(C, tC, q);
  [[sprig::spawn]] cilksort(D, tmp + 3 * q, n - 3 * q);
  [[sprig::sync]];
  [[sprig::spawn]] cilkmerge(A, B, B, C, tA);
  [[sprig::spawn]] cilkmerge(C, D, D, E, tC);
  [[sprig::sync]];
  cilkmerge(tA, tC, tC, tmp + n, A);
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  std::vector<Elm> v = cfg::input(n), tmp(n);
  uint64_t h = cfg::multiset_hash(v);
  bench::sprig_warmup();
  auto t0 = bench::now();
  cilksort(v.data(), tmp.data(), n);
  double s = bench::seconds_since(t0);
  bench::report(cfg::kName, "sprig", cfg::check("sprig", v, h), s);
}
