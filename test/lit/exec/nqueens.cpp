// N-queens (Cilk's classic): each placement is spawned with its own copy of the board
// (a by-value std::array), the counts summed after the sync.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: nqueens(8) = 92
// CHECK: nqueens(11) = 2680
#include <array>
#include <cstdio>

constexpr int kMax = 16;
using Board = std::array<signed char, kMax>;

static bool ok(int row, const Board &b) {
  for (int i = 0; i < row; ++i) {
    int d = b[i] - b[row];
    if (d == 0 || d == row - i || d == i - row)
      return false;
  }
  return true;
}

long queens(Board b, int n, int row) {
  if (row == n)
    return 1;
  long counts[kMax] = {0};
  for (int col = 0; col < n; ++col) {
    b[row] = (signed char)col;
    if (ok(row, b))
      [[sprig::spawn]] counts[col] = queens(b, n, row + 1);
  }
  [[sprig::sync]];
  long total = 0;
  for (int col = 0; col < n; ++col)
    total += counts[col];
  return total;
}

int main() {
  for (int n : {8, 11})
    std::printf("nqueens(%d) = %ld\n", n, queens(Board{}, n, 0));
}
