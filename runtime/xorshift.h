//===- runtime/xorshift.h - the runtime's one pseudo-random generator ------===//
//
// xorshift64: victim choice (runtime/victims.cpp) and SPRIGTEST_STRESS's yields
// (runtime/deque.cpp). Each state is owner-private (Worker::rng, Worker::stress_rng).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

namespace sprig {

// The next value of *state (never 0: 0 is the generator's fixed point).
inline uint64_t xorshift_next(uint64_t *state) {
  uint64_t x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

}  // namespace sprig
