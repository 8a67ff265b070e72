// nqueens, serial: the serial elision of sprig.cpp.
#include "config.hpp"

// Solutions extending the partial board a[0..j-1] on an n x n board.
long nqueens(int n, int j, const char *a) {
  if (n == j)
    return 1;
  long count[cfg::kMaxN];
  char b[cfg::kMaxN][cfg::kMaxN];
  for (int i = 0; i < n; ++i) {
    std::memcpy(b[i], a, j);
    b[i][j] = static_cast<char>(i);
    count[i] = 0;
    if (cfg::ok(j + 1, b[i]))
      count[i] = nqueens(n, j + 1, b[i]);
  }
  long total = 0;
  for (int i = 0; i < n; ++i)
    total += count[i];
  return total;
}

int main(int argc, char **argv) {
  long n = cfg::size_arg(argc, argv);
  char empty[cfg::kMaxN] = {};
  auto t0 = bench::now();
  long r = nqueens(static_cast<int>(n), 0, empty);
  double s = bench::seconds_since(t0);
  cfg::check("serial", n, r);
  bench::report(cfg::kName, "serial", r, s);
}
