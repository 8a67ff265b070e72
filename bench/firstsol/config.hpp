// bench/firstsol/config.hpp - first-solution n-queens: find one placement of n queens
// and stop the parallel search once any strand has one (issue 35: sprig::cancel against
// oneTBB's task_group::cancel; docs/cancel.md). The tree is nqueens': one task per safe
// square of the next row, columns tried lowest first, here on bitmasks. The leaf that
// completes a board claims the answer (an atomic flag, so one board is kept) and each
// competitor then ends the search its own way:
//   serial  the loops read the claim flag and stop (the serial elision of sprig.cpp)
//   sprig   a spawn loop that sees the flag calls sprig::cancel() and spawns no more;
//           every node polls sprig::cancelled() on entry and between spawns
//   tbb     the claiming leaf calls cancel() on the root task_group, which reaches every
//           group nested in it; every node polls tbb::is_current_task_group_canceling()
//           on entry and between runs
// bench/firstsol_full/ builds the same sources with FIRSTSOL_FULL=1: the full search of
// the same tree (every board counted, no flag read, no cancellation), the time the
// first-solution search is compared with. No OpenMP program: `omp cancel taskgroup` must
// be lexically inside the task construct, not in the function a task calls (clang rejects
// an orphaned one), and OpenMP ignores it unless OMP_CANCELLATION=true at start.
//
// Suite input: n = 15. The full search visits 171 M nodes and counts 2,279,184 boards;
// the serial first-solution search claims the first board in column order at its
// 1,360th node. RESULT: first-solution mode, 1 for a claimed board that passes the
// check (0 for n = 2, 3, where none exists); the full search, the number of boards.
#pragma once
#include "../common/bench.hpp"
#include <atomic>

#ifndef FIRSTSOL_FULL
#define FIRSTSOL_FULL 0
#endif

namespace cfg {
constexpr bool kFirst = !FIRSTSOL_FULL;
constexpr const char *kName = kFirst ? "firstsol" : "firstsol_full";
constexpr long kN = 15;
constexpr int kMaxN = 32;  // the columns are the bits of an unsigned

// Known counts (OEIS A000170) up to 18, the full search's independent answer.
constexpr long kSolutions[] = {1,      1,       0,        0,        2,        10,    4,
                               40,     92,      352,      724,      2680,     14200, 73712,
                               365596, 2279184, 14772512, 95815104, 666090624};
constexpr int kMaxFullN = sizeof(kSolutions) / sizeof(kSolutions[0]) - 1;

// A queen placed by a node: its column and the queen of the row above. The child's link
// lives in its parent's frame until the parent's sync (or wait), so the claiming leaf
// reads the board by walking up; no node copies a board per child.
struct Queen {
  const Queen *up;
  int col;
};

struct Search {
  explicit Search(long size)
      : n(static_cast<int>(size)), full(n == kMaxN ? ~0u : (1u << n) - 1) {}
  int n;
  unsigned full;  // the n low bits: every column
  std::atomic<bool> found{false};
  int board[kMaxN] = {};          // the claimed board, board[row] = column
  bench::Clock::time_point when;  // when it was claimed: the search's stopping latency
};

// A complete board. True for the one leaf that claims the answer: it copies its board.
// The load first: in the full search every leaf gets here, and an exchange by each would
// bounce the flag's cache line between the cores 2 million times.
inline bool claim(Search &s, const Queen *q) {
  if (s.found.load(std::memory_order_relaxed) ||
      s.found.exchange(true, std::memory_order_acq_rel))
    return false;
  s.when = bench::Clock::now();
  for (int row = s.n - 1; row >= 0; --row, q = q->up)
    s.board[row] = q->col;
  return true;
}

inline long size_arg(int argc, char **argv) {
  long n = bench::arg_or(argc, argv, kN);
  int most = kFirst ? kMaxN : kMaxFullN;
  if (n < 1 || n > most) {
    std::fprintf(stderr, "%s: n must be 1..%d\n", kName, most);
    std::exit(2);
  }
  return n;
}

// The boards below a node: the sum of its children's counts (slots 0..k-1).
inline long sum(const long *count, int k) {
  long total = 0;
  for (int i = 0; i < k; ++i)
    total += count[i];
  return total;
}

// The check, and the RESULT: the claimed board is checked on its own (n queens, no two
// on a column or a diagonal); the full search's count against the known one. Also says
// on stderr how long the search ran on after the claim (first-solution mode).
inline long check(const char *competitor, const Search &s, long count,
                  bench::Clock::time_point end) {
  bool exists = s.n != 2 && s.n != 3;
  bool found = s.found.load();
  if (found != exists)
    bench::fail(kName, competitor, "n = %d: %s", s.n,
                found ? "a board where none exists" : "no board found");
  for (int r = 0; found && r < s.n; ++r) {
    bool ok = s.board[r] >= 0 && s.board[r] < s.n;
    for (int q = 0; q < r; ++q) {
      int dc = s.board[r] - s.board[q];
      ok = ok && dc != 0 && dc != r - q && dc != q - r;
    }
    if (!ok)
      bench::fail(kName, competitor, "n = %d: the claimed board is wrong at row %d", s.n,
                  r);
  }
  if (!kFirst) {
    if (count != kSolutions[s.n])
      bench::fail(kName, competitor, "nqueens(%d) = %ld, expected %ld", s.n, count,
                  kSolutions[s.n]);
    return count;
  }
  if (found)
    std::fprintf(stderr, "stopped %.6f s after the claim\n",
                 std::chrono::duration<double>(end - s.when).count());
  return found ? 1 : 0;
}

// The end of every program: stop the timer (the claim's latency is measured to here),
// check, report.
inline void finish(const char *competitor, const Search &s, long count,
                   bench::Clock::time_point t0) {
  auto end = bench::Clock::now();
  double sec = bench::seconds_since(t0);
  bench::report(kName, competitor, check(competitor, s, count, end), sec);
}
}  // namespace cfg
