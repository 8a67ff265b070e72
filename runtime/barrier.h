//===- runtime/barrier.h - a full fence on every thread of the process -----===//
//
// The barrier itself, __sprig_process_barrier, serves the forced steal (sprig/deque.h,
// runtime/deque.cpp).
//===----------------------------------------------------------------------===//
#pragma once

namespace sprig {

// Register for membarrier (or set up the fallback), at start and in a fork's child.
void init_process_barrier();

}  // namespace sprig
