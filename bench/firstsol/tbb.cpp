// firstsol, oneTBB: a task_group per node, a task per safe square. The leaf that claims
// the board cancels the root group: oneTBB propagates the cancellation to every group
// nested in it (their contexts are bound to the root's), tasks not yet started are
// dropped, and the running ones poll tbb::is_current_task_group_canceling() on entry and
// between runs. bench/firstsol_full/tbb.cpp is this file with FIRSTSOL_FULL=1.
#include "../common/tbb_setup.hpp"
#include "config.hpp"
using cfg::Queen;

long search(cfg::Search &s, tbb::task_group &root, const Queen *up, int row, unsigned cols,
            unsigned d1, unsigned d2) {
  if constexpr (cfg::kFirst) {
    if (tbb::is_current_task_group_canceling())
      return 0;
  }
  if (row == s.n) {
    if (cfg::claim(s, up) && cfg::kFirst)
      root.cancel();
    return 1;
  }
  Queen next[cfg::kMaxN];
  long count[cfg::kMaxN];
  int k = 0;
  tbb::task_group g;
  // One thread runs a group's tasks last in, first out: run the columns highest first,
  // so that it searches in the serial program's order (lowest first) and T_1 is of the
  // same tree as T_S.
  for (unsigned free = s.full & ~(cols | d1 | d2); free;) {
    if constexpr (cfg::kFirst) {
      if (tbb::is_current_task_group_canceling())
        break;
    }
    int col = 31 - __builtin_clz(free);
    unsigned bit = 1u << col;
    free ^= bit;
    next[k] = {up, col};
    count[k] = 0;  // a task the cancellation drops never writes its slot
    g.run([&s, &root, &next, &count, k, row, cols, d1, d2, bit] {
      count[k] =
          search(s, root, &next[k], row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    });
    ++k;
  }
  g.wait();
  return cfg::sum(count, k);
}

int main(int argc, char **argv) {
  cfg::Search s(cfg::size_arg(argc, argv));
  auto gc = bench::tbb_setup();
  auto t0 = bench::now();
  tbb::task_group root;
  long count = 0;
  root.run([&] { count = search(s, root, nullptr, 0, 0, 0, 0); });
  root.wait();
  cfg::finish("tbb", s, count, t0);
}
