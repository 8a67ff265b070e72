//===- runtime/sanitizer.h - stack-switch annotations for ASan and TSan ---===//
//
// The runtime moves the stack pointer itself (stack_switch.h: a steal, a resume at a sync,
// the way to the scheduler stack, the root hand-back). ASan and TSan must be told which
// stack is current, or ASan loses track of the stack bounds ("ignoring requested
// __asan_handle_no_return") and TSan keeps one shadow call stack for every stack a
// thread runs on. Every annotation of the runtime lives here and in sanitizer.cpp; in a
// build without ASan or TSan all of it is empty inline code, and each switch is the
// plain __builtin_longjmp / run_on_stack it always was.
//
// One switch, under a sanitizer (docs/sanitizers.md has the whole story):
//   on the stack we leave, in runtime code (san_jump / san_start_stack):
//     TSan: pop the shadow-stack entries of the frames that will never return on that
//           stack (pops), then __tsan_switch_to_fiber(target's context);
//     ASan: __asan_handle_no_return (the frames we abandon must not stay poisoned), then
//           __sanitizer_start_switch_fiber(save slot or null, target bounds);
//   move the stack pointer onto the target stack, below the target's live frames, and
//   call a trampoline there (still runtime code):
//     ASan: __sanitizer_finish_switch_fiber(target's saved fake stack)  [pairs with the
//           start above];
//   then __builtin_longjmp into the saved context (or call the scheduler's entry), which
//   lands on the same stack: for the sanitizers no second switch happens, so landings
//   in generated code (after SPRIG_SETJMP or SPRIG_SYNC's setjmp) need no annotation.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SPRIG_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define SPRIG_TSAN 1
#endif
#endif
#if !defined(SPRIG_ASAN) && defined(__SANITIZE_ADDRESS__)
#define SPRIG_ASAN 1
#endif
#if !defined(SPRIG_TSAN) && defined(__SANITIZE_THREAD__)
#define SPRIG_TSAN 1
#endif
#ifndef SPRIG_ASAN
#define SPRIG_ASAN 0
#endif
#ifndef SPRIG_TSAN
#define SPRIG_TSAN 0
#endif
#define SPRIG_SAN_FIBERS (SPRIG_ASAN || SPRIG_TSAN)

namespace sprig {

struct Fiber;
struct Worker;

// Per-stack sanitizer state; a member of Fiber (fiber.h) only in sanitizer builds.
struct SanStack {
  // TSan context ("fiber") of this stack: created on first use for mapped fibers, the
  // thread's own context for a thread's native stack. Never shared by two stacks, so
  // each stack has its own shadow call stack.
  void *tsan_fiber = nullptr;
  // ASan fake stack (detect_stack_use_after_return) of this stack, saved by
  // __sanitizer_start_switch_fiber when we left it to come back, handed back to
  // __sanitizer_finish_switch_fiber when we return to it. Null while we run on it.
  void *asan_fake_stack = nullptr;
};

// What becomes of the stack we leave.
enum class SanLeave {
  Resume,  // we come back to it (a saved context on it is resumed later)
  Dies,    // left for good (a fiber going back to the pool): ASan drops its fake stack
};

#if SPRIG_SAN_FIBERS

// Leave `from` for `to` and __builtin_longjmp into `ctx` (a sprig_frame::ctx or
// Worker::sched_ctx), whose saved stack pointer (ctx[SPRIG_CTX_SP]) is on `to`; the stack
// below it must be dead (it is at every switch: a
// fresh fiber, a frame waiting at its sync, the scheduler loop at its setjmp, the root
// frame waiting in __sprig_leave_root). `pops`: TSan shadow-stack entries of `from` that
// belong to frames that will never return there (see the call sites).
[[noreturn]] void san_jump(Fiber *from, SanLeave how, unsigned pops, Fiber *to, void **ctx);
// Leave `from` for a scheduler stack `to` that starts afresh (run_on_stack): TSan gets a
// new context for it (the old one holds the entries of a loop that will never return).
// The code started on `to` must call san_started(to) first.
void san_start_stack(Fiber *from, SanLeave how, unsigned pops, Fiber *to);
// First thing on a stack entered through san_start_stack [pairs with its start].
void san_started(Fiber *to);
// The calling thread's own stack is `f` (fiber_init_native already filled it): record
// its TSan context. At __sprig_enter_root (f = the root worker's native record).
void san_native_stack(Fiber *f);
// A pool worker's thread starts: its scheduler loop runs on the thread's own stack;
// record that stack in w->native and make it w->sched_fiber.
void san_worker_thread(Worker *w);

#else  // no sanitizer: no annotation, no cost

[[noreturn]]
__attribute__((always_inline)) inline void san_jump(Fiber *, SanLeave, unsigned, Fiber *,
                                                    void **ctx) {
  __builtin_longjmp(ctx, 1);
}
__attribute__((always_inline)) inline void san_start_stack(Fiber *, SanLeave, unsigned,
                                                           Fiber *) {}
__attribute__((always_inline)) inline void san_started(Fiber *) {}
__attribute__((always_inline)) inline void san_native_stack(Fiber *) {}
__attribute__((always_inline)) inline void san_worker_thread(Worker *) {}

#endif

}  // namespace sprig
