// uts, OpenMP tasks: a task per child, then taskwait.
#include "../common/omp_setup.hpp"
#include "config.hpp"

long uts(uint64_t s, int d) {
  int nc = cfg::num_children(s, d);
  long count[cfg::kMaxChildren];
  for (int i = 0; i < nc; ++i) {
#pragma omp task shared(count) firstprivate(i)
    count[i] = uts(cfg::child(s, i), d + 1);
  }
#pragma omp taskwait
  long total = 1;
  for (int i = 0; i < nc; ++i)
    total += count[i];
  return total;
}

int main(int argc, char **argv) {
  bool dflt;
  uint64_t root = cfg::root_arg(argc, argv, &dflt);
  bench::omp_warmup();
  long r = 0;
  auto t0 = bench::now();
#pragma omp parallel
#pragma omp single
  r = uts(root, 0);
  double s = bench::seconds_since(t0);
  cfg::check("omp", r, dflt);
  bench::report(cfg::kName, "omp", r, s);
}
