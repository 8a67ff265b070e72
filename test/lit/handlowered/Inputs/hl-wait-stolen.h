// A child that forces a steal, lowered by hand: `spawn wait_until_stolen()` spins until
// the parent's continuation has run on another worker (which sets `stolen`), so the rest
// of the parent runs on a thief. Gives up after 10 s (then the test fails on its output
// instead of hanging, e.g. at SPRIG_NWORKERS=1 where no thief exists). Shared by the
// hand-lowered tests that need a continuation to move.
#pragma once
#include "sprig/abi.h"
#include <chrono>

static int stolen;  // set by the continuation once it runs (on the thief)

static __attribute__((noinline)) void wait_until_stolen() {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!__atomic_load_n(&stolen, __ATOMIC_ACQUIRE) &&
         std::chrono::steady_clock::now() < deadline)
    __builtin_ia32_pause();
}

// Helper of `spawn wait_until_stolen()`.
static __attribute__((noinline)) void child_helper(sprig_frame *parent) {
  sprig_detach(parent);
  sprig_count_spawn(); /* for SPRIG_STATS (generated code: -mllvm -sprig-count-spawns) */
  wait_until_stolen();
  sprig_leave_helper(parent);
}
