// fib lowered by hand with the basic lowering of sprig/abi.h (its header comment; the
// plugin refines it: lazy entry, frameless leaves): a spawning function with its frame
// (entered at its start, synced and left on every return), and the helper of `x = spawn fib(n - 1)`, which evaluates the
// argument, then detaches (the parent's continuation becomes stealable), then calls, then
// pops the parent back (or, if it was stolen, ends in the runtime). Shared by the
// hand-lowered tests that need some parallel work.
#pragma once
#include "sprig/abi.h"

static long hl_fib(long n);

static __attribute__((noinline)) void hl_fib_helper(sprig_frame *parent, long *x, long n) {
  long arg = n - 1;
  sprig_detach(parent);
  sprig_count_spawn(); /* for SPRIG_STATS (generated code: -mllvm -sprig-count-spawns) */
  long r = hl_fib(arg);
  *x = r;
  sprig_leave_helper(parent);
}

static long hl_fib(long n) {
  sprig_frame sf;
  SPRIG_FORCE_FRAME();
  sprig_enter_frame(&sf);
  if (n < 2) {
    SPRIG_SYNC(&sf);
    sprig_leave_frame(&sf);
    return n;
  }
  long x, y;
  if (SPRIG_SETJMP(&sf) == 0)
    hl_fib_helper(&sf, &x, n);
  y = hl_fib(n - 2);
  SPRIG_SYNC(&sf);
  long r = x + y;
  sprig_leave_frame(&sf);
  return r;
}
