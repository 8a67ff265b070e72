// knapsack, Sprig: spawn both branches, sync, keep the better one.
#include "../common/sprig_setup.hpp"
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
  [[sprig::spawn]] without = knapsack(e + 1, c, n - 1, v);
  [[sprig::spawn]] with = knapsack(e + 1, c - e->weight, n - 1, v + e->value);
  [[sprig::sync]];
  int best = with > without ? with : without;
  cfg::record(best);
  return best;
}

int main(int argc, char **argv) {
  cfg::Problem p = cfg::input(bench::arg_or(argc, argv, cfg::kItems));
  bench::sprig_warmup();
  int opt = cfg::start(p);
  auto t0 = bench::now();
  int r = knapsack(p.items.data(), p.capacity, static_cast<int>(p.items.size()), 0);
  double s = bench::seconds_since(t0);
  cfg::check("sprig", opt, r);
  bench::report(cfg::kName, "sprig", r, s);
}
