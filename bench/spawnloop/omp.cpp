// spawnloop, OpenMP tasks: n tasks of a tiny function created in one loop, one taskwait.
#include "../common/omp_setup.hpp"
#include "config.hpp"

void loop(long *out, long n) {
  for (long i = 0; i < n; ++i) {
#pragma omp task firstprivate(i)
    cfg::tiny(&out[i], i);
  }
#pragma omp taskwait
}

int main(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, cfg::kN);
  std::vector<long> out(n, -1);
  bench::omp_warmup();
  auto t0 = bench::now();
#pragma omp parallel
#pragma omp single
  loop(out.data(), n);
  double s = bench::seconds_since(t0);
  bench::report(cfg::kName, "omp", cfg::check("omp", out), s);
}
