// nqueens: count the ways to place n queens on an n x n board so that none attacks
// another. Each safe square of the next row is searched by its own spawned call: a
// loop of spawns with one sync, and a search tree whose shape is known only by
// searching it, so the scheduler must balance the load as it goes. Each child writes
// its count into its own slot of an array that lives until the sync.
// Build: sprig++ -O2 nqueens.cpp -o nqueens;  run: ./nqueens [n]
#include <chrono>
#include <cstdio>
#include <cstdlib>

// Solutions with queens already on the columns/diagonals set in the three masks.
void solve(int n, unsigned cols, unsigned diag1, unsigned diag2, long *count) {
  unsigned full = (1u << n) - 1;
  if (cols == full) {
    *count = 1;
    return;
  }
  long sub[32] = {0};  // one slot per column: children never share one
  unsigned free = full & ~(cols | diag1 | diag2);
  for (int c = 0; c < n; ++c) {
    unsigned bit = 1u << c;
    if (free & bit) {
      [[sprig::spawn]] solve(n, cols | bit, (diag1 | bit) << 1, (diag2 | bit) >> 1,
                             &sub[c]);
    }
  }
  [[sprig::sync]];  // every child has written its slot
  long total = 0;
  for (int c = 0; c < n; ++c)
    total += sub[c];
  *count = total;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 13;
  static const long known[] = {1,   1,   0,    0,     2,     10,     4,       40,      92,
                               352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512};
  if (n < 1 || n > 16) {
    std::fprintf(stderr, "nqueens: n must be 1..16\n");
    return 2;
  }
  long count = 0;
  auto t0 = std::chrono::steady_clock::now();
  solve(n, 0, 0, 0, &count);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  if (count != known[n]) {  // self-check against the known counts (OEIS A000170)
    std::printf("nqueens(%d): WRONG: %ld, expected %ld\n", n, count, known[n]);
    return 1;
  }
  std::printf("nqueens(%d) = %ld, ok\n", n, count);
  std::fprintf(stderr, "time: %.3f s\n", s);
  return 0;
}
