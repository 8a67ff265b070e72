//===- plugin/early/Reducers.h - reducer views: strand-pure calls -----------===//
//
// <sprig/reducer.h> gets a reducer's view with one runtime call,
// `__sprig_reducer_view(key, size, align, identity, reduce)`. Its answer is the same
// everywhere within one strand, and may differ across a spawn or a sync. So:
//   - early (before the optimiser): its declaration reads inaccessible memory only,
//     does not throw and returns. The optimiser may then reuse it and hoist it out of
//     a loop that neither spawns nor syncs, but never move it across a spawn or a sync:
//     those call into the runtime, which may write inaccessible memory.
//   - late (OptimizerLast, x86-64 ELF), each remaining call is expanded inline
//     (late/ReducerViews.h): the strand's map, a thread-local load (volatile inline
//     asm, as sprig_self()); if it is null (a strand that began without a steal) the
//     view is the key itself, else `__sprig_reducer_lookup(map, ...)`. So an access
//     costs a load and a compare until a steal. Not under --race, where libsprig-race
//     defines the view (each strand its own, runtime/race/).
//===----------------------------------------------------------------------===//
// The attribute spelling, `[[sprig::reducer(identity, reduce)]] T x`: the frontend
// leaves an annotation "sprig.reducer" with the two functions' addresses on x (a global:
// llvm.global.annotations; a local: llvm.var.annotation at its alloca, before its
// initialization). Early, before the lowering, every use of x's address becomes a use
// of `__sprig_reducer_view(&x, sizeof x, alignof x, identity, reduce)` computed right
// there, so every read and write, and every address taken, is the current strand's
// view; a local is registered (`__sprig_reducer_register`) where its annotation was, so
// its own storage is its view in the strand that declares it. (Its unregistration is a
// cleanup the frontend adds to its declaration: frontend/ReducerChecks.h.) An address of
// x in a static initializer cannot follow strands: a compile error.
#pragma once

namespace llvm {
class Module;
}  // namespace llvm

namespace sprig {
// The runtime's entry points: the view of a key in the current strand, and its lookup in
// a strand's map (late/ReducerViews.h).
inline constexpr const char *ReducerViewFn = "__sprig_reducer_view";
inline constexpr const char *ReducerLookupFn = "__sprig_reducer_lookup";

// Early, in sprig-lower, before the lowering: the attribute spelling's uses become view
// calls, and the view calls are strand-pure (see above).
bool rewriteReducerVariables(llvm::Module &M);
bool markReducerLookups(llvm::Module &M);
// A module that names a reducer entry point (either spelling, any scope) gets a
// constructor that tells the runtime, at its load, that reducers may exist: until then
// steals record nothing for them (runtime/reducer.cpp has the rule).
bool noteReducerModule(llvm::Module &M);
}  // namespace sprig
