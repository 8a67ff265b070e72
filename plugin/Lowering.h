//===- plugin/Lowering.h - the IR pass that lowers spawn markers ----------===//
#pragma once
namespace clang {
class CompilerInstance;
}
namespace llvm {
class Function;
}
namespace sprig {
// Register LowerSpawns at the start of the optimisation pipeline (all -O levels, LTO).
void registerLoweringPass(clang::CompilerInstance &CI);
// At the end of the pipeline: move the paths of a lowered function that never spawn
// into a frameless wrapper that tail-calls the rest (plugin/SplitPrefix.cpp).
bool splitNonSpawningPrefix(llvm::Function &F);
}  // namespace sprig
