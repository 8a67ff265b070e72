// knapsack, OpenMP tasks: the branch with the item as a task, the branch without it in
// the encountering thread, then taskwait.
#include "../common/omp_setup.hpp"
#include "config.hpp"
using cfg::Item;

// Best value from items e[0..n) with capacity c left and value v so far.
int knapsack(const Item *e, int c, int n, int v) {
  if (c < 0)
    return INT_MIN;
  if (n == 0 || c == 0)
    return v;
  if (cfg::prune(e, c, v))
    return INT_MIN;
  int without, with;
#pragma omp task shared(with)
  with = knapsack(e + 1, c - e->weight, n - 1, v + e->value);
  without = knapsack(e + 1, c, n - 1, v);
#pragma omp taskwait
  int best = with > without ? with : without;
  cfg::record(best);
  return best;
}

int main(int argc, char **argv) {
  cfg::Problem p = cfg::input(bench::arg_or(argc, argv, cfg::kItems));
  bench::omp_warmup();
  int opt = cfg::start(p);
  int r = 0;
  auto t0 = bench::now();
#pragma omp parallel
#pragma omp single
  r = knapsack(p.items.data(), p.capacity, static_cast<int>(p.items.size()), 0);
  double s = bench::seconds_since(t0);
  cfg::check("omp", opt, r);
  bench::report(cfg::kName, "omp", r, s);
}
