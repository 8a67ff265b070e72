//===- plugin/Race.h - the race detector's instrumentation (sprig++ --race) ===//
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
//===----------------------------------------------------------------------===//
#pragma once

namespace llvm {
class Module;
}  // namespace llvm

namespace sprig {
// -sprig-race is on (set by the frontend for -fplugin-arg-sprig-race).
bool raceMode();
// Early: the spawns and syncs of every function become the serial elision plus hooks.
bool lowerForRace(llvm::Module &M);
// Late (OptimizerLastEP): a local whose lifetime starts is a new object, so its bytes'
// history is forgotten (`__sprig_race_forget` after each llvm.lifetime.start). The
// backend gives locals with disjoint lifetimes one stack slot; without this, an
// inlined callee's temporary written by a child and a later local of the same frame
// would look like one object accessed in parallel. The same at entry for each byval
// parameter (its bytes are the caller's outgoing-argument area, reused by every call).
bool forgetAtLifetimeStarts(llvm::Module &M);
}  // namespace sprig
