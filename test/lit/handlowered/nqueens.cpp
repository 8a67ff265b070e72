// nqueens(n): count the placements of n queens, hand-lowered against sprig/abi.h as the
// plugin lowers
//     for (col...) if (ok) counts[col] = spawn nqueens(n, row + 1, boards[col]);
//     sync; sum counts;
// Shows: spawns inside a loop (the loop state lives in the stolen frame and survives a
// steal), per-child result slots and per-child copies of the board stay distinct, and the
// sum after the sync sees every child's store.
//
// RUN: %clangxx -std=c++20 -O2 -DSERIAL %s -o %t.serial
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: %run_p %t.serial %t 10 | FileCheck %s
// CHECK: nqueens(10) = 724
#include <cstdio>
#include <cstdlib>
#include <cstring>

constexpr int kMaxN = 16;

// May a queen go at (row, col) given queens at board[0..row-1]?
static bool ok(const signed char *board, int row, int col) {
  for (int r = 0; r < row; ++r) {
    int c = board[r];
    if (c == col || c - col == row - r || col - c == row - r)
      return false;
  }
  return true;
}

#ifdef SERIAL
static long nqueens(int n, int row, const signed char *board) {
  if (row == n)
    return 1;
  long counts[kMaxN];
  signed char boards[kMaxN][kMaxN];
  for (int col = 0; col < n; ++col) {
    counts[col] = 0;
    if (!ok(board, row, col))
      continue;
    std::memcpy(boards[col], board, row);
    boards[col][row] = static_cast<signed char>(col);
    counts[col] = nqueens(n, row + 1, boards[col]);
  }
  long sum = 0;
  for (int col = 0; col < n; ++col)
    sum += counts[col];
  return sum;
}
#else
#include "sprig/abi.h"

static long nqueens(int n, int row, const signed char *board);

// Helper of `counts[col] = spawn nqueens(n, row + 1, boards[col])`.
static __attribute__((noinline)) void nqueens_helper(sprig_frame *parent, long *slot, int n,
                                                     int row, const signed char *board) {
  int a0 = n, a1 = row + 1;
  const signed char *a2 = board;
  sprig_detach(parent);
  sprig_count_spawn(); /* for SPRIG_STATS (generated code: -mllvm -sprig-count-spawns) */
  long r = nqueens(a0, a1, a2);
  *slot = r;
  sprig_leave_helper(parent);
}

static long nqueens(int n, int row, const signed char *board) {
  sprig_frame sf;
  SPRIG_FORCE_FRAME();
  sprig_enter_frame(&sf);
  if (row == n) {
    SPRIG_SYNC(&sf);
    sprig_leave_frame(&sf);
    return 1;
  }
  long counts[kMaxN];
  signed char boards[kMaxN][kMaxN];
  for (int col = 0; col < n; ++col) {
    counts[col] = 0;
    if (!ok(board, row, col))
      continue;
    std::memcpy(boards[col], board, row);
    boards[col][row] = static_cast<signed char>(col);
    if (SPRIG_SETJMP(&sf) == 0)
      nqueens_helper(&sf, &counts[col], n, row, boards[col]);
  }
  SPRIG_SYNC(&sf);
  long sum = 0;
  for (int col = 0; col < n; ++col)
    sum += counts[col];
  sprig_leave_frame(&sf);
  return sum;
}
#endif

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 10;
  if (n < 1 || n > kMaxN)
    return 2;
  signed char board[kMaxN] = {};
  std::printf("nqueens(%d) = %ld\n", n, nqueens(n, 0, board));
  return 0;
}
