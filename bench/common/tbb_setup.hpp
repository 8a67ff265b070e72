// bench/common/tbb_setup.hpp - TBB competitors: limit TBB to TBB_NUM_THREADS threads
// (bench.sh sets it to P) for the whole run, and start the threads before the timer.
#pragma once
#include "bench.hpp"
#include <memory>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_group.h>

namespace bench {
inline std::unique_ptr<tbb::global_control> tbb_setup() {
  auto gc = std::make_unique<tbb::global_control>(
      tbb::global_control::max_allowed_parallelism, static_cast<size_t>(tbb_threads()));
  tbb::task_group g;
  for (int i = 0; i < 64; ++i)
    g.run([] {});
  g.wait();
  return gc;
}
}  // namespace bench
