// bench/common/sprig_setup.hpp - start Sprig's workers before the timer starts (the
// first spawn of a process creates the worker threads), so that TIME measures the kernel
// and not thread creation; the same is done for TBB and OpenMP.
#pragma once

namespace bench {
__attribute__((noinline)) inline void sprig_nop() { __asm__ volatile(""); }
__attribute__((noinline)) inline void sprig_warmup() {
  [[sprig::spawn]] sprig_nop();
  [[sprig::sync]];
}
}  // namespace bench
