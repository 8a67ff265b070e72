//===- plugin/Lowering.h - the IR pass that lowers spawn markers ----------===//
#pragma once
namespace clang {
class CompilerInstance;
}
namespace sprig {
// Register LowerSpawns at the start of the optimisation pipeline (all -O levels, LTO).
void registerLoweringPass(clang::CompilerInstance &CI);
}  // namespace sprig
