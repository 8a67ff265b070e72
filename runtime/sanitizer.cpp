//===- runtime/sanitizer.cpp - stack-switch annotations (see sanitizer.h) -===//
//
// Compiled to nothing unless the runtime itself is built with -fsanitize=address or
// -fsanitize=thread. The functions here are not instrumented
// (disable_sanitizer_instrumentation): they run while the sanitizer is between two
// stacks, and under TSan they must not push or pop shadow-stack entries of their own.
//===----------------------------------------------------------------------===//
#include "sanitizer.h"

#if SPRIG_SAN_FIBERS
#include "fiber.h"
#include "sprig/abi.h"
#include "worker.h"
#include <cstdint>
#if SPRIG_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#if SPRIG_TSAN
#include <sanitizer/tsan_interface.h>
// The hook instrumented code calls at each function exit (not in the public header).
extern "C" void __tsan_func_exit(void);
#endif

// Flags of every __tsan_switch_to_fiber. 0 (a synchronising switch): the code that runs
// after the switch happens after the code that ran before it on this thread, as it does
// physically. That edge is needed: with one TSan context per stack, the acquire that
// makes a stolen frame safe to run (the steal's CAS, the join counter's fetch_sub) is
// done in the scheduler stack's context, and without the edge the continuation, in the
// fiber's context, would not see it (build with
// -DSPRIG_TSAN_SWITCH_FLAGS=__tsan_switch_to_fiber_no_sync to watch every stolen frame
// reported). docs/sanitizers.md discusses what it can hide.
#ifndef SPRIG_TSAN_SWITCH_FLAGS
#define SPRIG_TSAN_SWITCH_FLAGS 0
#endif

#define SPRIG_SAN_RUNTIME __attribute__((disable_sanitizer_instrumentation, noinline))

namespace sprig {

// x86-64 red zone (leaf code may use 128 bytes below the stack pointer): the trampoline
// stays below it, although every saved context we jump to belongs to a non-leaf frame.
static constexpr std::uintptr_t kRedZoneBytes = 128;

// The annotations made on the stack we leave [paired with land / san_started].
SPRIG_SAN_RUNTIME static void leave(Fiber *from, SanLeave how, unsigned pops, Fiber *to) {
  if (from->native)
    how = SanLeave::Resume;  // a thread's own stack never dies here
#if !SPRIG_TSAN
  (void)pops;
#else
  // Entries of frames that will never return on `from` (the helper that ended on a
  // stolen parent, and the runtime frames above it). Pairs with their __tsan_func_entry.
  for (unsigned i = 0; i < pops; ++i)
    __tsan_func_exit();
  if (!to->san.tsan_fiber) {
    to->san.tsan_fiber = __tsan_create_fiber(0);  // destroyed in san_start_stack only
    __tsan_set_fiber_name(to->san.tsan_fiber, "sprig stack");
  }
  __tsan_switch_to_fiber(to->san.tsan_fiber, SPRIG_TSAN_SWITCH_FLAGS);
#endif
#if SPRIG_ASAN
  // The frames between here and where `from` is resumed (or all of it, if it dies) are
  // abandoned: unpoison them, as ASan does before any noreturn call. This runs from the
  // deepest frame, so it covers the runtime's frames too.
  __asan_handle_no_return();
  // Null save slot: `from` dies, ASan destroys its fake stack. Pairs with the
  // __sanitizer_finish_switch_fiber in land() or san_started().
  __sanitizer_start_switch_fiber(how == SanLeave::Dies ? nullptr
                                                       : &from->san.asan_fake_stack,
                                 to->lo, static_cast<std::size_t>(to->hi - to->lo));
#else
  (void)how;
#endif
}

// Runs on the target stack, just below the saved stack pointer.
// First thing on the target stack: pairs with the __sanitizer_start_switch_fiber in
// leave(). `to`'s fake stack comes back (null for a fresh fiber: ASan makes a new one
// when needed).
SPRIG_SAN_RUNTIME static void arrived(Fiber *to) {
#if SPRIG_ASAN
  void *fake = to->san.asan_fake_stack;
  to->san.asan_fake_stack = nullptr;
  __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#else
  (void)to;
#endif
}

[[noreturn]] SPRIG_SAN_RUNTIME static void land(void **ctx, Fiber *to) {
  arrived(to);
  __builtin_longjmp(ctx, 1);  // lands on this same stack
}

[[noreturn]] SPRIG_SAN_RUNTIME void san_jump(Fiber *from, SanLeave how, unsigned pops,
                                             Fiber *to, void **ctx) {
  leave(from, how, pops, to);
  auto sp = (reinterpret_cast<std::uintptr_t>(ctx[SPRIG_CTX_SP]) - kRedZoneBytes) &
            ~std::uintptr_t(15);
#if defined(__x86_64__)
  __asm__ volatile("movq %0, %%rsp\n\t"
                   "xorl %%ebp, %%ebp\n\t"
                   "callq *%1\n\t"
                   "ud2\n\t"
                   :
                   : "r"(sp), "r"(&land), "D"(ctx), "S"(to)
                   : "memory");
#elif defined(__aarch64__)
  __asm__ volatile("mov sp, %0\n\t"
                   "mov x29, #0\n\t"
                   "mov x0, %2\n\t"
                   "mov x1, %3\n\t"
                   "blr %1\n\t"
                   "brk #0\n\t"
                   :
                   : "r"(sp), "r"(&land), "r"(ctx), "r"(to)
                   : "memory", "x0", "x1", "x29", "x30");
#else
#error "Sprig's runtime supports x86-64 and AArch64"
#endif
  __builtin_unreachable();
}

SPRIG_SAN_RUNTIME void san_start_stack(Fiber *from, SanLeave how, unsigned pops,
                                       Fiber *to) {
#if SPRIG_TSAN
  // A fresh start: the old context's shadow stack holds the entries of the previous loop
  // on this stack, which never returned. Not current anywhere (we run on `from`).
  if (to->san.tsan_fiber)
    __tsan_destroy_fiber(to->san.tsan_fiber);
  to->san.tsan_fiber = nullptr;  // leave() creates a new one
#endif
  leave(from, how, pops, to);
}

SPRIG_SAN_RUNTIME void san_started(Fiber *to) { arrived(to); }  // after san_start_stack

SPRIG_SAN_RUNTIME void san_native_stack(Fiber *f) {
#if SPRIG_TSAN
  f->san.tsan_fiber = __tsan_get_current_fiber();  // the thread's own; never destroyed
#endif
  f->san.asan_fake_stack = nullptr;  // the thread's fake stack is current
}

void san_worker_thread(Worker *w) {
  fiber_init_native(&w->native);
  san_native_stack(&w->native);
  w->sched_fiber = &w->native;
}

}  // namespace sprig

#endif  // SPRIG_SAN_FIBERS
