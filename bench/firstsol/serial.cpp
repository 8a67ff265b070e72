// firstsol, serial: the serial elision of sprig.cpp (the spawn loops stop at the claim
// flag; sprig::cancel() and sprig::cancelled() are no-ops there). With FIRSTSOL_FULL=1
// (bench/firstsol_full/serial.cpp) the full search: T_S of the whole tree.
#include "config.hpp"
using cfg::Queen;

long search(cfg::Search &s, const Queen *up, int row, unsigned cols, unsigned d1,
            unsigned d2) {
  if (row == s.n) {
    cfg::claim(s, up);
    return 1;
  }
  Queen next[cfg::kMaxN];
  long count[cfg::kMaxN];
  int k = 0;
  for (unsigned free = s.full & ~(cols | d1 | d2); free; free &= free - 1) {
    if (cfg::kFirst && s.found.load(std::memory_order_relaxed))
      break;
    unsigned bit = free & (0u - free);
    next[k] = {up, __builtin_ctz(bit)};
    count[k] = search(s, &next[k], row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    ++k;
  }
  return cfg::sum(count, k);
}

int main(int argc, char **argv) {
  cfg::Search s(cfg::size_arg(argc, argv));
  auto t0 = bench::now();
  long count = search(s, nullptr, 0, 0, 0, 0);
  cfg::finish("serial", s, count, t0);
}
