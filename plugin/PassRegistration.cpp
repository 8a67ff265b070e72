//===- plugin/PassRegistration.cpp - the passes, in clang and in opt ------===//
//
// Two module passes, each of which asks the module's target (Target.h) what to do:
//   sprig-lower        first in the pipeline (PipelineStartEP), on Clang's unoptimised
//                      IR: reducer variables become view calls (early/Reducers.h), the
//                      parallel loops are outlined (early/ParallelLoops.h), then the
//                      target lowers the spawn and sync markers (the parallel program:
//                      lower/LowerSpawns.h; --scale and --race: the serial elision with
//                      their hooks, modes/).
//   sprig-fix-frames   at the end (OptimizerLastEP): reducer views expanded inline where
//                      the target has the sequence (late/ReducerViews.h), then the
//                      target's finishModule (the parallel program: late/LatePasses.h;
//                      --scale: the instruction counters; --race: fresh locals). In an
//                      optimising default pipeline a clean-up pass follows it, for the
//                      target's cleanUp (--scale folds the counters' clock traffic).
// SprigPlugin.so is an LLVM pass plugin (it needs libLLVM only, not libclang-cpp, so opt
// can load it too). It is reached three ways:
//   - clang -fplugin=SprigFrontend.so (what sprig++ does): the frontend plugin loads this
//     file next to it and registers its callbacks with Clang's pass builder;
//   - clang -fpass-plugin=SprigPlugin.so (the passes alone, on IR with markers);
//   - opt -load-pass-plugin=SprigPlugin.so -passes=sprig-lower (or sprig-fix-frames):
//     for .ll tests and debugging.
//===----------------------------------------------------------------------===//
#include "Target.h"
#include "early/ParallelLoops.h"
#include "early/Pedigree.h"
#include "early/Reducers.h"
#include "early/SpawnedBlocks.h"
#include "late/ReducerViews.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace sprig {
namespace {

static cl::opt<bool> LoopsOnly("sprig-loops-only", cl::init(false), cl::Hidden,
                               cl::desc("Sprig: outline the parallel loops, lower nothing "
                                        "else (tests)"));

struct LowerSpawnsPass : PassInfoMixin<LowerSpawnsPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    bool Changed = defineSpawnBlockEntry(M);  // (early/SpawnedBlocks.h)
    Changed |= addPedigree(M);                // (early/Pedigree.h), before any clone
    Changed |= rewriteReducerVariables(M);    // (early/Reducers.h)
    Changed |= markReducerLookups(M);
    Changed |= noteReducerModule(M);
    std::unique_ptr<LoweringTarget> Target = LoweringTarget::select(M);
    bool LoopsFailed = false;
    bool Loops = lowerParallelLoops(M, *Target, LoopsFailed);
    if (LoopsFailed || LoopsOnly) {
      Changed = true;
    } else {
      bool Lowered = Target->lowerMarkers(M);
      Changed |= Lowered || Loops;
    }
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

struct FixSpawnerFramesPass : PassInfoMixin<FixSpawnerFramesPass> {
  // Not -O0: the parallel program's late passes then do more (late/LatePasses.h).
  bool Optimize = true;
  explicit FixSpawnerFramesPass(bool Optimize = true) : Optimize(Optimize) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    std::unique_ptr<LoweringTarget> Target = LoweringTarget::select(M);
    // The reducers' thread-local read inline (late/ReducerViews.h), where the target has
    // it.
    bool Expanded = Target->expandsReducerViews(M) && expandReducerViews(M);
    PreservedAnalyses PA = Target->finishModule(M, MAM, Optimize);
    return Expanded ? PreservedAnalyses::none() : PA;
  }
  static bool isRequired() { return true; }
};

// Right after sprig-fix-frames in an optimising default pipeline.
struct TargetCleanUpPass : PassInfoMixin<TargetCleanUpPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    return LoweringTarget::select(M)->cleanUp(M, MAM);
  }
  static bool isRequired() { return true; }
};

}  // namespace
}  // namespace sprig

// The LLVM pass-plugin entry point: opt -load-pass-plugin, clang -fpass-plugin, and
// SprigFrontend.so (frontend/Plugin.cpp), which loads this file for every compilation.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Sprig", "0.1", [](PassBuilder &PB) {
            // In a default pipeline (clang at every -O level, opt -passes='default<O2>'):
            // first and last.
            PB.registerPipelineStartEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) {
                  MPM.addPass(sprig::LowerSpawnsPass());
                });
            PB.registerOptimizerLastEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
                  MPM.addPass(sprig::FixSpawnerFramesPass(Level != OptimizationLevel::O0));
                  if (Level != OptimizationLevel::O0)
                    MPM.addPass(sprig::TargetCleanUpPass());
                });
            // By name: opt -passes=sprig-lower / sprig-fix-frames.
            PB.registerPipelineParsingCallback([](StringRef Name, ModulePassManager &MPM,
                                                  ArrayRef<PassBuilder::PipelineElement>) {
              if (Name == "sprig-lower") {
                MPM.addPass(sprig::LowerSpawnsPass());
                return true;
              }
              if (Name == "sprig-fix-frames") {
                MPM.addPass(sprig::FixSpawnerFramesPass());
                return true;
              }
              return false;
            });
          }};
}
