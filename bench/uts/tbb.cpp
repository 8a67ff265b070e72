// uts, oneTBB: a task per child in one task_group, then wait.
#include "../common/tbb_setup.hpp"
#include "config.hpp"

long uts(uint64_t s, int d) {
  int nc = cfg::num_children(s, d);
  long count[cfg::kMaxChildren];
  tbb::task_group g;
  for (int i = 0; i < nc; ++i)
    g.run([&count, s, d, i] { count[i] = uts(cfg::child(s, i), d + 1); });
  g.wait();
  long total = 1;
  for (int i = 0; i < nc; ++i)
    total += count[i];
  return total;
}

int main(int argc, char **argv) {
  bool dflt;
  uint64_t root = cfg::root_arg(argc, argv, &dflt);
  auto gc = bench::tbb_setup();
  auto t0 = bench::now();
  long r = uts(root, 0);
  double s = bench::seconds_since(t0);
  cfg::check("tbb", r, dflt);
  bench::report(cfg::kName, "tbb", r, s);
}
