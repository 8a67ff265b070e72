// spawnloop, Sprig: n spawns of a tiny function in one loop, one sync.
#include "../common/sprig_setup.hpp"
#include "config.hpp"

void loop(long *out, long n) {
  for (long i = 0; i < n; ++i) {
    [[sprig::spawn]] cfg::tiny(&out[i], i);
  }
  [[sprig::sync]];
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  std::vector<long> out(n, -1);
  bench::sprig_warmup();
  auto t0 = bench::now();
  loop(out.data(), n);
  double s = bench::seconds_since(t0);
  bench::report(cfg::kName, "sprig", cfg::check("sprig", out), s);
}
