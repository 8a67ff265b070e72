//===- plugin/Reducers.h - reducer lookups: strand-pure calls ---------------===//
//
// <sprig/reducer.h> finds a reducer's view through two runtime calls: the strand's map
// (`__sprig_reducer_views`, a thread-local) and, after a steal, the lookup in it
// (`__sprig_reducer_lookup`). Both give the same answer everywhere within one strand,
// and may differ across a spawn or a sync. So:
//   - early (before the optimiser): their declarations read inaccessible memory only,
//     do not throw and return. The optimiser may then reuse and hoist them (out of a
//     loop that neither spawns nor syncs), but never across a spawn or a sync: those
//     call into the runtime, which may write inaccessible memory.
//   - late (OptimizerLast, x86-64 ELF): each remaining `__sprig_reducer_views()` call
//     becomes the thread-local load itself (volatile inline asm, as sprig_self()), so
//     an access in a strand that began without a steal costs a load and a compare.
//     Not under --race, where libsprig-race defines the map (each strand its own).
//===----------------------------------------------------------------------===//
#pragma once

namespace llvm {
class Module;
}  // namespace llvm

namespace sprig {
bool markReducerLookups(llvm::Module &M);
bool expandReducerViews(llvm::Module &M);
}  // namespace sprig
