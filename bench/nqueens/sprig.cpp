// nqueens, Sprig: spawn one search per safe square of row j, sync, add the counts.
#include "../common/sprig_setup.hpp"
#include "config.hpp"

long nqueens(int n, int j, const char *a) {
  if (n == j)
    return 1;
  long count[cfg::kMaxN];
  char b[cfg::kMaxN][cfg::kMaxN];  // a board per child: alive until the sync
  for (int i = 0; i < n; ++i) {
    std::memcpy(b[i], a, j);
    b[i][j] = static_cast<char>(i);
    count[i] = 0;
    if (cfg::ok(j + 1, b[i])) {
      [[sprig::spawn]] count[i] = nqueens(n, j + 1, b[i]);
    }
  }
  [[sprig::sync]];
  long total = 0;
  for (int i = 0; i < n; ++i)
    total += count[i];
  return total;
}

int main(int argc, char **argv) {
  long n = cfg::size_arg(argc, argv);
  char empty[cfg::kMaxN] = {};
  bench::sprig_warmup();
  auto t0 = bench::now();
  long r = nqueens(static_cast<int>(n), 0, empty);
  double s = bench::seconds_since(t0);
  cfg::check("sprig", n, r);
  bench::report(cfg::kName, "sprig", r, s);
}
