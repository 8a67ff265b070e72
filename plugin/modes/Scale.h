//===- plugin/modes/Scale.h - the work/span profiler's instrumentation (--scale) ===//
//
// `sprig++ --scale` (or `-fplugin-arg-sprig-scale`, or `-mllvm -sprig-scale`) builds a
// program that measures its own work and span (docs/scale.md). The program runs
// serially: the spawns and syncs are not lowered into frames; the serial elision runs,
// with three hooks where the series-parallel structure changes:
//
//   __sprig_scale_spawn(s, bs)            right before a spawned call
//   __sprig_scale_spawned(s, bs, l, bl)   at the end of the spawned statement
//   __sprig_scale_sync(l, bl)             at every sync (explicit or implicit)
//
// s, bs, l, bl are i64 locals of the spawning function (the span at the spawn and the
// longest child path since the last sync, plain and burdened). The clock is the count
// of IR instructions executed (one add per basic block, kept in a register and added to
// the thread's clock before each call and return), so the figures are exact and the same
// on every run. The clock is three thread-local words (include/sprig/abi.h,
// sprig_scale_clock): work W, and the offsets D = W - span, BD = W - burdened span.
// Keeping offsets makes the per-block cost one add, to W only: the span advances with W
// until a hook moves it.
//
// The profiler's target, ScaleTarget (Target.h), in two steps:
//   early (sprig-lower, PipelineStartEP): markers -> hooks + the serial elision; a module
//         constructor calls __sprig_scale_init;
//   late  (sprig-fix-frames, OptimizerLastEP): the counters, then each hook expanded
//         inline (a few loads, two umax, stores); the hooks' locals promoted to SSA.
//         Optimising builds then fold what the counters repeat (EarlyCSE, InstCombine:
//         the clock is read and written at every call).
//===----------------------------------------------------------------------===//
#pragma once
#include <memory>

namespace sprig {
class LoweringTarget;

// The target of -sprig-scale (which the frontend sets for -fplugin-arg-sprig-scale).
std::unique_ptr<LoweringTarget> createScaleTarget();
}  // namespace sprig
