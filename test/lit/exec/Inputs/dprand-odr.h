// An inline spawning function in a header (exec/dprand-odr.cpp): every file that uses it
// has a copy, and the linker keeps one per name.
#pragma once
#include <cstdint>
inline void dprand_odr_burn() {
  volatile uint64_t x = 0;
  for (int i = 0; i < 3000; ++i)
    x = x + i;
}
inline uint64_t walk(int d, uint64_t (*leaf)()) {
  if (d == 0) {
    dprand_odr_burn();
    return leaf();
  }
  uint64_t a, b;
  [[sprig::spawn]] a = walk(d - 1, leaf);
  b = walk(d - 1, leaf);
  [[sprig::sync]];
  return a * 31 + b;
}
