//===- runtime/global.cpp - the process-wide state, laid out by who touches it ===//
//
// The definitions of `g` (global.h) and of the other process-wide variables the runtime's
// hot paths share, in one place so that their cache lines are chosen, not left to the
// order of the files on the link line. Variables of one translation unit keep their
// order of definition; `alignas` starts a new line.
//===----------------------------------------------------------------------===//
#include "global.h"
#include "config.h"
#include "sprig/abi.h"
#include "trace.h"
#include <cstddef>
#include <cstdint>

namespace sprig {

// Its groups (read-mostly, root bookkeeping, the lazy start) each start a cache line.
Global g;

}  // namespace sprig

extern "C" {
// sprig/deque.h. Written by every worker going to sleep and waking (atomic read-modify-
// write, runtime/sleep.cpp), read by the push's slow path: a line that nothing else
// shares (the next variable starts a line of its own).
alignas(sprig::config::kCacheLine) int32_t __sprig_sleepers = 0;
// Read-mostly, together: the serial gate (sprig/abi/entry.h; read by every thread that is
// not a worker at each gated call, written only by refresh_serial_gate when the pool's
// saturation changes) and __sprig_zero (sprig/abi/entry.h; read by hand-lowered code's
// SPRIG_FORCE_FRAME).
alignas(sprig::config::kCacheLine)
    __attribute__((visibility("default"))) int __sprig_serial_gate = 0;
size_t __sprig_zero = 0;
}

namespace sprig {

// trace.h: the SPRIG_TRACE categories, read at every trace point of the slow paths; set
// once at process start. With the read-mostly variables above.
unsigned g_trace = 0;

}  // namespace sprig
