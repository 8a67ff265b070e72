// uts, serial: the serial elision of sprig.cpp.
#include "config.hpp"

// Nodes in the subtree of the node with state s at depth d.
long uts(uint64_t s, int d) {
  int nc = cfg::num_children(s, d);
  long count[cfg::kMaxChildren];
  for (int i = 0; i < nc; ++i)
    count[i] = uts(cfg::child(s, i), d + 1);
  long total = 1;
  for (int i = 0; i < nc; ++i)
    total += count[i];
  return total;
}

int main(int argc, char **argv) {
  bool dflt;
  uint64_t root = cfg::root_arg(argc, argv, &dflt);
  auto t0 = bench::now();
  long r = uts(root, 0);
  double s = bench::seconds_since(t0);
  cfg::check("serial", r, dflt);
  bench::report(cfg::kName, "serial", r, s);
}
