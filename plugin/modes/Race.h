//===- plugin/modes/Race.h - the race detector's instrumentation (--race) --===//
//
// `sprig++ --race` (or `-fplugin-arg-sprig-race`, `-mllvm -sprig-race`) builds a program
// that runs serially, in depth-first order, and reports every determinacy race the run
// can expose (docs/race.md). Memory accesses are instrumented by Clang's
// ThreadSanitizer pass (-fsanitize=thread, the driver adds it) against Sprig's own
// detector (runtime/race/, libsprig-race) instead of libtsan. This file gives the
// detector the series-parallel structure (SerialHooks.h): each function that spawns
// is a procedure (`p = __sprig_race_enter()` at entry, `__sprig_race_leave(p)` at each
// return); each spawned statement a child procedure (`__sprig_race_spawn(p)` before the
// call, `__sprig_race_spawned(p)` at its end); each sync `__sprig_race_sync(p)`.
// The hooks are ordinary calls, so no memory access moves across them.
//
// The detector's target, RaceTarget (Target.h):
//   early (sprig-lower): markers -> hooks + the serial elision; a module constructor
//         calls __sprig_race_init. Every parallel loop's iteration is a leaf of its own
//         (grain 1): all iterations are logically parallel, whatever grain the parallel
//         program would use;
//   late  (sprig-fix-frames): a local whose lifetime starts is a new object, so its
//         bytes' history is forgotten (`__sprig_race_forget` after each
//         llvm.lifetime.start). The backend gives locals with disjoint lifetimes one
//         stack slot; without this, an inlined callee's temporary written by a child and
//         a later local of the same frame would look like one object accessed in
//         parallel. The same at entry for each byval parameter (its bytes are the
//         caller's outgoing-argument area, reused by every call). Reducer views stay
//         calls: libsprig-race defines them (each strand its own, runtime/race/).
//===----------------------------------------------------------------------===//
#pragma once
#include <memory>

namespace sprig {
class LoweringTarget;

// The target of -sprig-race (which the frontend sets for -fplugin-arg-sprig-race).
std::unique_ptr<LoweringTarget> createRaceTarget();
}  // namespace sprig
