//===- plugin/late/LatePasses.h - the parallel program's end of the pipeline ===//
#pragma once
#include "llvm/IR/PassManager.h"

namespace llvm {
class Module;
}  // namespace llvm

namespace sprig {
// In sprig-fix-frames, on the lowered and optimised parallel program (the parallel
// targets' finishModule, lower/ParallelTarget.h), for each lowered spawning function:
// the over-aligned allocas inlining brought in are fixed (lower/FrameFixups.h), the paths
// that never spawn split off into a frameless wrapper (SplitPrefix.h;
// `-sprig-split-prefix=0` keeps functions whole), and the serial gate put in front of the
// frame (SerialGate.h; `-sprig-serial-gate=0` leaves it out); then, for the module, the
// calls made on a worker redirected past the gates and the serial clones no gate reaches
// deleted. Optimising builds (Optimize) also get preserve_none copies of the worker
// entries (PreserveNoneEntries.h) and spawned children inlined into their helpers
// (ChildInline.h), with a clean-up of the helpers that changed.
llvm::PreservedAnalyses runLatePasses(llvm::Module &M, llvm::ModuleAnalysisManager &MAM,
                                      bool Optimize);
}  // namespace sprig
