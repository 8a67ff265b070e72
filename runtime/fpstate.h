//===- runtime/fpstate.h - floating-point control state of a continuation -===//
//
// The rounding mode, exception masks, flush-to-zero/denormals-are-zero (MXCSR) and the
// x87 precision and rounding control (x87 control word) are per thread. A program that
// sets them (fesetround, _MM_SET_ROUNDING_MODE) and then runs a parallel computation must
// compute as its serial elision does, so a continuation resumed by another worker must
// run with its computation's state.
//
// Where the state travels (all on slow paths: reading MXCSR at each spawn, as cheetah
// does, made fib's spawns 35% slower):
//  - root entry: the root slot records the entering thread's state (Worker::fp);
//  - steal: the thief takes its victim's Worker::fp (the state of the computation whose
//    work that deque holds) and sets it on its own thread if it differs;
//  - suspending sync: the state is saved in the frame (ctx[SPRIG_CTX_FPSTATE]); the
//    resumer restores it
//    and records it as its own Worker::fp; likewise a root frame handed back.
// Limit: a program that changes the state *inside* a parallel computation (between two
// spawns of one computation) gives it to the continuations stolen afterwards only from
// the next suspending sync on; set it before entering the computation.
//===----------------------------------------------------------------------===//
#pragma once
#include "sprig/abi.h"
#include <cstdint>

namespace sprig {

// The state as SPRIG_FP_SAVE stores it: MXCSR in bits 0..31, the x87 control word in
// bits 32..47.
inline uint64_t fp_state_now() {
#if defined(__x86_64__)
  uint32_t mxcsr;
  uint16_t cw;
  __asm__ volatile("stmxcsr %0" : "=m"(mxcsr));
  __asm__ volatile("fnstcw %0" : "=m"(cw));
  return mxcsr | (uint64_t(cw) << 32);
#else
  return 0;
#endif
}

inline void fp_state_set(uint64_t s) {
#if defined(__x86_64__)
  uint32_t mxcsr = static_cast<uint32_t>(s);
  uint16_t cw = static_cast<uint16_t>(s >> 32);
  // Only if it differs: ldmxcsr and fldcw serialise parts of the FP pipeline.
  uint64_t now = fp_state_now();
  if (static_cast<uint32_t>(now) != mxcsr)
    __asm__ volatile("ldmxcsr %0" : : "m"(mxcsr));
  if (static_cast<uint16_t>(now >> 32) != cw)
    __asm__ volatile("fldcw %0" : : "m"(cw));
#else
  (void)s;
#endif
}

// Save the calling thread's state into the frame (the runtime's own save points).
inline void fp_save_frame(sprig_frame *f) { SPRIG_FP_SAVE(f); }

// Restore the state saved in the frame (by fp_save_frame). A zero word (never saved)
// leaves the thread's state alone.
inline void fp_restore_frame(const sprig_frame *f) {
  auto s = reinterpret_cast<uintptr_t>(f->ctx[SPRIG_CTX_FPSTATE]);
  if (s)
    fp_state_set(s);
}

}  // namespace sprig
