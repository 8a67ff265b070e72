//===- runtime/clock.h - the runtime's clock (CLOCK_MONOTONIC, ns) ---------===//
//
// Request ages (runtime/deque.cpp), the forced steals' spacing and the idle loop's yield
// phase (runtime/scheduler.cpp) all read it: a vDSO call, no system call.
//===----------------------------------------------------------------------===//
#pragma once
#include <ctime>

namespace sprig {

inline long monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1'000'000'000L + ts.tv_nsec;
}

}  // namespace sprig
