// nqueens, OpenMP tasks: a task per safe square of row j, then taskwait.
#include "../common/omp_setup.hpp"
#include "config.hpp"

long nqueens(int n, int j, const char *a) {
  if (n == j)
    return 1;
  long count[cfg::kMaxN];
  char b[cfg::kMaxN][cfg::kMaxN];
  for (int i = 0; i < n; ++i) {
    std::memcpy(b[i], a, j);
    b[i][j] = static_cast<char>(i);
    count[i] = 0;
    if (cfg::ok(j + 1, b[i])) {
#pragma omp task shared(count, b) firstprivate(i)
      count[i] = nqueens(n, j + 1, b[i]);
    }
  }
#pragma omp taskwait
  long total = 0;
  for (int i = 0; i < n; ++i)
    total += count[i];
  return total;
}

int main(int argc, char **argv) {
  long n = cfg::size_arg(argc, argv);
  char empty[cfg::kMaxN] = {};
  bench::omp_warmup();
  long r = 0;
  auto t0 = bench::now();
#pragma omp parallel
#pragma omp single
  r = nqueens(static_cast<int>(n), 0, empty);
  double s = bench::seconds_since(t0);
  cfg::check("omp", n, r);
  bench::report(cfg::kName, "omp", r, s);
}
