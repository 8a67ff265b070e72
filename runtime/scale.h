//===- runtime/scale.h - the work/span profiler, as the runtime sees it ----===//
//
// The profiler's own interface is include/sprig/scale.h (probes) and the clock of
// sprig/abi/entry.h; this is what the rest of the runtime asks of runtime/scale.cpp.
//===----------------------------------------------------------------------===//
#pragma once

namespace sprig {

// True once an instrumented module (sprig++ --scale) has started.
bool scale_active();

}  // namespace sprig
