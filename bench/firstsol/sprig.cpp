// firstsol, Sprig: a spawn per safe square; a spawn loop that sees the claim flag calls
// sprig::cancel() and spawns no more; every node polls sprig::cancelled() (config.hpp).
// bench/firstsol_full/sprig.cpp is this file with FIRSTSOL_FULL=1: the whole tree.
#include "../common/sprig_setup.hpp"
#include "config.hpp"
#include <sprig/cancel.h>
using cfg::Queen;

// Boards below a node whose queens take the columns `cols` and attack `d1`, `d2` in row
// `row` (all of them in the full search; in first-solution mode only the claim matters).
long search(cfg::Search &s, const Queen *up, int row, unsigned cols, unsigned d1,
            unsigned d2) {
  if constexpr (cfg::kFirst) {
    if (sprig::cancelled())  // an ancestor gave this subtree up
      return 0;
  }
  if (row == s.n) {
    cfg::claim(s, up);
    return 1;
  }
  Queen next[cfg::kMaxN];  // a child's queen: alive until the sync
  long count[cfg::kMaxN];
  int k = 0;
  for (unsigned free = s.full & ~(cols | d1 | d2); free; free &= free - 1) {
    if constexpr (cfg::kFirst) {
      if (s.found.load(std::memory_order_relaxed)) {
        sprig::cancel();  // the children spawned so far, wherever they run
        break;
      }
      if (sprig::cancelled())  // an ancestor cancelled while this loop ran
        break;
    }
    unsigned bit = free & (0u - free);  // lowest column first, as the serial search
    next[k] = {up, __builtin_ctz(bit)};
    [[sprig::spawn]] count[k] =
        search(s, &next[k], row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    ++k;
  }
  [[sprig::sync]];
  return cfg::sum(count, k);
}

int main(int argc, char **argv) {
  cfg::Search s(cfg::size_arg(argc, argv));
  bench::sprig_warmup();
  auto t0 = bench::now();
  long count = search(s, nullptr, 0, 0, 0, 0);
  cfg::finish("sprig", s, count, t0);
}
