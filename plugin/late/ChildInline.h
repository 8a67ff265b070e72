//===- plugin/late/ChildInline.h - a spawned child's body inside its helper ===//
//
// docs/design.md, "Children inlined into helpers". A helper F.sprig.spawn.N publishes
// its parent, calls the spawned function and pops the
// parent. When that function is a spawning function of this module (its worker entry
// F.sprig.worker, or a whole spawner), the late pass inlines its lowered body into the
// helper: the child's frame then lives in the helper's stack frame, and a spawn costs
// no second call and no second prologue. The helper is `preserve_none`, so the child's
// body, which called would save and restore every callee-saved register (its own helper
// calls clobber them all), saves none inlined.
//
// Nothing in the runtime protocol changes: the parent's continuation is still the
// helper's return address; the child's continuations are return addresses in the
// helper, with FP the helper's frame pointer (the helper gets a spawner's frame
// attributes: frame pointer, no stack realignment, over-aligned allocas fixed).
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
class Module;
}  // namespace llvm

namespace sprig {
// Late (LatePasses.h), after the split and the worker entries
// (WorkerEntry: F -> F.sprig.worker). Returns the helpers changed, for the caller to
// clean up (the inlined body re-tests the wrapper's prefix, say). Optimising builds
// only (the caller checks); `-mllvm -sprig-inline-children=0` turns it off.
llvm::SmallVector<llvm::Function *, 8> inlineChildrenIntoHelpers(
    llvm::Module &M, const llvm::DenseMap<llvm::Function *, llvm::Function *> &WorkerEntry);
}  // namespace sprig
