// A spawn chain lowered by hand with the basic lowering of sprig/abi.h:
//     long chain(long d) { long r = 0; if (d > 0) r = spawn chain(d - 1); sync; return r + d; }
// The chain nests d spawns on one worker (one live deque entry per level). Shared by the
// hand-lowered tests that need deep nesting.
#pragma once
#include "sprig/abi.h"

static long chain(long d);

// Helper of `r = spawn chain(d - 1)`.
static __attribute__((noinline)) void chain_helper(sprig_frame *parent, long *r, long d) {
  long a = d - 1;
  sprig_detach(parent);
  sprig_count_spawn(); /* for SPRIG_STATS (generated code: -mllvm -sprig-count-spawns) */
  long v = chain(a);
  *r = v;
  sprig_leave_helper(parent);
}

static __attribute__((noinline)) long chain(long d) {
  sprig_frame sf;
  SPRIG_FORCE_FRAME();
  sprig_enter_frame(&sf);
  long r = 0;
  if (d > 0) {
    if (SPRIG_SETJMP(&sf) == 0)
      chain_helper(&sf, &r, d);
  }
  SPRIG_SYNC(&sf);
  long out = r + d;
  sprig_leave_frame(&sf);
  return out;
}
