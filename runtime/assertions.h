//===- runtime/assertions.h - the runtime's debug assertions (SPRIG_ASSERT) --===//
//
// The invariants the runtime's comments state (join counters, who owns which field,
// the deque's bounds, the fiber pool's counts, view maps, root bindings), checked in
// the assertion build: CMake option SPRIG_ASSERTIONS=ON, which compiles the runtime
// with SPRIG_ASSERTIONS=1 (`make test-assert`, docs/sanitizers.md).
//
//   SPRIG_ASSERT(cond, msg)   assertion build: if cond is false, print
//                               sprig: assertion failed: <file>:<line>: <cond>: <msg>
//                             to stderr and abort. Release: nothing at all; cond is
//                             neither evaluated nor compiled (it may name debug-only
//                             fields and variables).
//   SPRIG_DEBUG_ONLY(...)     its arguments in the assertion build, nothing in release:
//                             for statements and declarations that only checks use
//                             (a debug-only owner, a count).
//   SPRIG_POISON_FILL         the byte the assertion build fills freed memory with
//                             (freed view maps, piece lists, the top of a freed fiber);
//                             SPRIG_POISON_WORD, a pointer-sized word of it.
//
// A release build compiles to the same code with or without the checks in the source.
// The inline fast paths of the public headers have their own macro, SPRIG_ABI_ASSERT
// (sprig/deque.h), on in the runtime's assertion build only: user and generated code
// never see a check.
//
// A debug-only field changes the layout of the runtime's own structures (Worker,
// Fiber), never of the ABI's (sprig_frame, sprig_worker_abi): everything that includes
// the runtime's headers (the runtime's tests) is compiled with the same setting.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#ifndef SPRIG_ASSERTIONS
#define SPRIG_ASSERTIONS 0
#endif

#define SPRIG_POISON_FILL 0xA5
#define SPRIG_POISON_WORD static_cast<std::uintptr_t>(0xA5A5A5A5A5A5A5A5ull)

#if SPRIG_ASSERTIONS

namespace sprig {
// Print the failed check and abort (runtime/assertions.cpp). Async-signal-safe: it may
// fail in a signal handler's spawning function.
[[noreturn]] __attribute__((cold, noinline, visibility("hidden"))) void
assert_fail(const char *file, int line, const char *cond, const char *msg);
}  // namespace sprig

#define SPRIG_ASSERT(cond, msg)                                                            \
  (__builtin_expect(!!(cond), 1) ? (void)0                                                 \
                                 : ::sprig::assert_fail(__FILE__, __LINE__, #cond, msg))
#define SPRIG_DEBUG_ONLY(...) __VA_ARGS__

#else

#define SPRIG_ASSERT(cond, msg) ((void)0)
#define SPRIG_DEBUG_ONLY(...)

#endif
