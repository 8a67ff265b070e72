// first_solution: find one placement of n queens, none attacking another, and stop the
// whole parallel search as soon as any strand has found one, with sprig::cancel() and
// sprig::cancelled() (<sprig/cancel.h>, docs/cancel.md). Each node of the search spawns
// one child per safe square of the next row, as examples/nqueens.cpp does, but nobody
// wants the other boards: without a cancellation the program would wait for the whole
// tree (the full search of n = 28 would take years).
//   - The leaf that completes a board claims the answer with an atomic exchange, so
//     exactly one board is copied out however many strands complete one at once.
//   - Every node's spawn loop reads that flag before each spawn; once it is set the node
//     calls sprig::cancel(), which marks the children it has spawned (still running on
//     this worker or another) and everything below them as cancelled, and spawns no more.
//   - Every node polls sprig::cancelled() on entry and between spawns and returns early.
// The cancellation is cooperative: a child that never polls runs to its end. Built by a
// plain compiler (g++ -Wno-attributes -I include), the serial elision finds the first
// board in column order and stops there, through the same flag.
// Build: sprig++ -O2 first_solution.cpp -o first_solution;  run: ./first_solution [n]
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sprig/cancel.h>

constexpr int kMaxN = 32;  // the columns are the bits of an unsigned

// A queen placed by a node: its column, and the queen of the row above. A child's link
// lives in its parent's frame until the parent's sync, so the leaf reads the whole board
// by walking up, and no node copies a board for each child it spawns.
struct Queen {
  const Queen *up;
  int col;
};

struct Search {
  int n = 0;
  unsigned full = 0;               // the n low bits: every column
  std::atomic<bool> found{false};  // set once, by the leaf that claims the answer
  int board[kMaxN] = {};           // the claimed board: board[row] = column
};

// A complete board: the first leaf to claim it (in time, not in column order) copies it.
void claim(Search &s, const Queen *q) {
  if (s.found.exchange(true, std::memory_order_acq_rel))
    return;  // another strand was first; the board it copies is the answer
  for (int row = s.n - 1; row >= 0; --row, q = q->up)
    s.board[row] = q->col;
}

// Search below a node whose queens occupy `cols` and attack `diag1`/`diag2` in `row`.
void search(Search &s, const Queen *up, int row, unsigned cols, unsigned diag1,
            unsigned diag2) {
  if (sprig::cancelled())  // an ancestor gave up on this subtree: nothing here is wanted
    return;
  if (row == s.n) {
    claim(s, up);
    return;
  }
  Queen next[kMaxN];  // one per child
  int spawned = 0;
  for (unsigned free = s.full & ~(cols | diag1 | diag2); free; free &= free - 1) {
    if (s.found.load(std::memory_order_relaxed)) {
      // Someone has a board. The children spawned so far may be deep in subtrees on
      // other workers: cancel() makes them (and whatever they spawned) see cancelled().
      sprig::cancel();
      break;
    }
    if (sprig::cancelled())  // an ancestor cancelled while this loop ran
      break;
    unsigned bit = free & (0u - free);  // the lowest free column first: the serial order
    next[spawned] = {up, __builtin_ctz(bit)};
    [[sprig::spawn]] search(s, &next[spawned], row + 1, cols | bit, (diag1 | bit) << 1,
                            (diag2 | bit) >> 1);
    ++spawned;
  }
  [[sprig::sync]];  // waits for the children that started, cancelled or not
}

// The independent check: n queens on n rows, no two on one column or diagonal.
bool valid(const int *board, int n) {
  for (int r = 0; r < n; ++r) {
    if (board[r] < 0 || board[r] >= n)
      return false;
    for (int q = 0; q < r; ++q) {
      int dc = board[r] - board[q];
      if (dc == 0 || dc == r - q || dc == q - r)
        return false;
    }
  }
  return true;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 28;
  if (n < 1 || n > kMaxN) {
    std::fprintf(stderr, "first_solution: n must be 1..%d\n", kMaxN);
    return 2;
  }
  Search s;
  s.n = n;
  s.full = n == kMaxN ? ~0u : (1u << n) - 1;
  auto t0 = std::chrono::steady_clock::now();
  search(s, nullptr, 0, 0, 0, 0);
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  bool exists = n != 2 && n != 3;  // the only sizes with no solution
  bool found = s.found.load();
  if (found != exists || (found && !valid(s.board, n))) {
    std::printf("first_solution(%d): WRONG: %s\n", n,
                found ? (exists ? "an invalid board" : "a board that cannot exist")
                      : "no board found");
    return 1;
  }
  if (!found) {
    std::printf("first_solution(%d): no solution exists, ok\n", n);
  } else {
    std::printf("first_solution(%d): a board, checked, ok\n", n);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c)
        std::fputs(c == s.board[r] ? " Q" : " .", stdout);
      std::putchar('\n');
    }
  }
  std::fprintf(stderr, "time: %.3f s\n", sec);
  return 0;
}
