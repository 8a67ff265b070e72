// uts, Sprig: spawn the search of every child, sync, add the counts.
#include "../common/sprig_setup.hpp"
#include "config.hpp"

// Nodes in the subtree of the node with state s at depth d.
long uts(uint64_t s, int d) {
  int nc = cfg::num_children(s, d);
  long count[cfg::kMaxChildren];
  for (int i = 0; i < nc; ++i) {
    [[sprig::spawn]] count[i] = uts(cfg::child(s, i), d + 1);
  }
  [[sprig::sync]];
  long total = 1;
  for (int i = 0; i < nc; ++i)
    total += count[i];
  return total;
}

int main(int argc, char **argv) {
  bool dflt;
  uint64_t root = cfg::root_arg(argc, argv, &dflt);
  bench::sprig_warmup();
  auto t0 = bench::now();
  long r = uts(root, 0);
  double s = bench::seconds_since(t0);
  cfg::check("sprig", r, dflt);
  bench::report(cfg::kName, "sprig", r, s);
}
