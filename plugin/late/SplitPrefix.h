//===- plugin/late/SplitPrefix.h - keep frame costs off paths that never spawn ===//
#pragma once

namespace llvm {
class CallInst;
class Function;
}  // namespace llvm

namespace sprig {
// At the end of the pipeline: move the paths of a lowered function that never spawn
// into a frameless wrapper that tail-calls the rest (SplitPrefix.cpp has the scheme and
// its conditions). Returns the wrapper's musttail call into F.sprig.body, or null if F
// stays whole.
llvm::CallInst *splitNonSpawningPrefix(llvm::Function &F);
}  // namespace sprig
