//===- plugin/Lowering.h - the IR passes that lower spawn markers ---------===//
#pragma once
namespace llvm {
class CallInst;
class Function;
class Module;
}  // namespace llvm
namespace sprig {
// Outline every [[sprig::parallel_for]] region into a chunk function called through
// the module's divide-and-conquer driver (ParallelLoops.cpp); the first step of
// lowerSpawns. True if M changed; Failed after an internal error (reported).
bool lowerParallelLoops(llvm::Module &M, bool &Failed);
// Lower every spawn and sync marker of M (LowerSpawns.cpp). True if M changed.
bool lowerSpawns(llvm::Module &M);
// At the end of the pipeline: move the paths of a lowered function that never spawn
// into a frameless wrapper that tail-calls the rest (plugin/SplitPrefix.cpp).
// Returns the wrapper's musttail call into F.sprig.body, or null if F stays whole.
llvm::CallInst *splitNonSpawningPrefix(llvm::Function &F);
}  // namespace sprig
