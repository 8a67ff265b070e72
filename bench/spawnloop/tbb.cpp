// spawnloop, oneTBB: n task_group::run of a tiny function in one loop, one wait.
#include "../common/tbb_setup.hpp"
#include "config.hpp"

void loop(long *out, long n) {
  tbb::task_group g;
  for (long i = 0; i < n; ++i)
    g.run([out, i] { cfg::tiny(&out[i], i); });
  g.wait();
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  std::vector<long> out(n, -1);
  auto gc = bench::tbb_setup();
  auto t0 = bench::now();
  loop(out.data(), n);
  double s = bench::seconds_since(t0);
  bench::report(cfg::kName, "tbb", cfg::check("tbb", out), s);
}
