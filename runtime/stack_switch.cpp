//===- runtime/stack_switch.cpp - a scheduler loop started on a fresh stack ===//
//
// The out-of-line part of the stack switches (stack_switch.h has the rest, inline on
// purpose): a root worker's scheduler loop starts on a stack of its own the first time
// the worker leaves user code, and again after each root binding (the previous loop on
// that stack never returns). A pool worker's loop runs on its thread's own stack
// (scheduler.cpp, worker_thread) and never restarts.
//===----------------------------------------------------------------------===//
#include "stack_switch.h"
#include "fiber.h"
#include "sanitizer.h"
#include "scheduler.h"
#include "worker.h"

namespace sprig {

// Start `fn(w)` with the stack pointer at `sp`. Used once per scheduler stack start.
[[noreturn]] static void run_on_stack(void *sp, void (*fn)(Worker *), Worker *w) {
#if defined(__x86_64__)
  __asm__ volatile("movq %0, %%rsp\n\t"
                   "xorl %%ebp, %%ebp\n\t"
                   "callq *%1\n\t"
                   "ud2\n\t"
                   :
                   : "r"(sp), "r"(fn), "D"(w)
                   : "memory");
#elif defined(__aarch64__)
  __asm__ volatile("mov sp, %0\n\t"
                   "mov x29, #0\n\t"
                   "mov x0, %2\n\t"
                   "blr %1\n\t"
                   "brk #0\n\t"
                   :
                   : "r"(sp), "r"(fn), "r"(w)
                   : "memory", "x0", "x29", "x30");
#else
#error "Sprig's runtime supports x86-64 and AArch64"
#endif
  __builtin_unreachable();
}

[[noreturn]] static void sched_entry(Worker *w) {
  san_started(w->sched_fiber);  // pairs with san_start_stack in enter_scheduler
  sched_loop(w);
}

// Under TSan this function's own shadow-stack entry is pushed after enter_scheduler's
// san_start_stack switched to the new stack's context: it belongs to the fresh stack,
// not to the one left (whose pops were counted by the caller).
void start_scheduler_stack(Worker *w) {
  run_on_stack(w->sched_fiber->start_sp(), sched_entry, w);
}

}  // namespace sprig
