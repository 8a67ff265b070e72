//===- plugin/PassRegistration.cpp - the passes, in clang and in opt ------===//
//
// Two module passes:
//   sprig-lower        LowerSpawns.cpp: markers -> continuation frames. First in the
//                      pipeline (PipelineStartEP), on Clang's unoptimised IR.
//   sprig-fix-frames   at the end (OptimizerLastEP): inlining may have brought
//                      over-aligned allocas into a spawning function (an inlined callee's
//                      alignas(64) array): fix those before the backend would realign
//                      the stack; then split off the paths that never spawn
//                      (SplitPrefix.cpp; `-sprig-split-prefix=0` keeps functions whole);
//                      then the serial gate in front of each frame and the worker
//                      entries (SerialClone.cpp; `-sprig-serial-gate=0` leaves them out);
//                      then, optimising builds only, preserve_none copies of the worker
//                      entries (PreserveNoneEntries.h) and spawned children inlined into
//                      their helpers (ChildInline.h).
// With -sprig-scale (sprig++ --scale) both do the profiler's work instead (Scale.h):
// sprig-lower leaves the serial elision with hooks, sprig-fix-frames adds the counters.
// With -sprig-race (sprig++ --race) sprig-lower leaves the serial elision with the
// detector's hooks, and sprig-fix-frames makes each local fresh where its lifetime
// starts (Race.h).
// SprigPlugin.so is an LLVM pass plugin (it needs libLLVM only, not libclang-cpp, so opt
// can load it too). It is reached three ways:
//   - clang -fplugin=SprigFrontend.so (what sprig++ does): the frontend plugin loads this
//     file next to it and registers its callbacks with Clang's pass builder;
//   - clang -fpass-plugin=SprigPlugin.so (the passes alone, on IR with markers);
//   - opt -load-pass-plugin=SprigPlugin.so -passes=sprig-lower (or sprig-fix-frames):
//     for .ll tests and debugging.
//===----------------------------------------------------------------------===//
#include "late/ChildInline.h"
#include "lower/FrameFixups.h"
#include "late/PreserveNoneEntries.h"
#include "Lowering.h"
#include "Markers.h"
#include "modes/Race.h"
#include "early/Reducers.h"
#include "modes/Scale.h"
#include "early/SerialClone.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-split"
SPRIG_STATISTIC(NumSplits, "Spawning functions split into a frameless wrapper");

namespace sprig {
namespace {

static cl::opt<bool> SplitPrefix("sprig-split-prefix", cl::init(true), cl::Hidden,
                                 cl::desc("Sprig: split the paths that never spawn into "
                                          "a frameless wrapper"));

static cl::opt<bool> SerialGate("sprig-serial-gate", cl::init(true), cl::Hidden,
                                cl::desc("Sprig: a root that finds the pool saturated runs "
                                         "the serial clone of a spawning function"));

struct LowerSpawnsPass : PassInfoMixin<LowerSpawnsPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    bool Changed = rewriteReducerVariables(M);  // (Reducers.h)
    Changed |= markReducerLookups(M);
    Changed |= noteReducerModule(M);
    Changed |= lowerSpawns(M);
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

struct FixSpawnerFramesPass : PassInfoMixin<FixSpawnerFramesPass> {
  // Optimising builds inline spawned children into their helpers (ChildInline.h).
  bool Optimize = true;
  explicit FixSpawnerFramesPass(bool Optimize = true) : Optimize(Optimize) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    // The reducers' thread-local read inline (Reducers.h), in every mode but --race.
    bool Expanded = expandReducerViews(M);
    PreservedAnalyses PA = fixFrames(M, MAM, Optimize);
    return Expanded ? PreservedAnalyses::none() : PA;
  }
  static PreservedAnalyses fixFrames(Module &M, ModuleAnalysisManager &MAM, bool Optimize) {
    // sprig++ --scale: nothing was lowered; count instructions instead (Scale.h).
    if (scaleMode())
      return instrumentForScale(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
    // sprig++ --race: nothing was lowered; new locals forget their slot's history (Race.h).
    if (raceMode())
      return forgetAtLifetimeStarts(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
    bool Changed = false;
    SmallVector<Function *, 16> Spawners;
    for (Function &F : M)
      if (!F.isDeclaration() && F.hasFnAttribute(markers::SpawnerAttr))
        Spawners.push_back(&F);
    DenseMap<Function *, Function *> WorkerEntry;
    for (Function *F : Spawners) {
      fixOverAlignedAllocas(M, *F);
      Function *Serial = takeSerialClone(*F);
      CallInst *IntoBody = SplitPrefix ? splitNonSpawningPrefix(*F) : nullptr;
      if (IntoBody)
        ++NumSplits;
      // The serial gate where the frame would begin: before the jump into the body of a
      // split F (its leaves never test it), else at F's entry.
      Function *W = nullptr;
      if (Serial && SerialGate && emitSerialGate(*F, *Serial, IntoBody, W) && W)
        WorkerEntry[F] = W;
      Changed = true;
    }
    redirectWorkerCalls(M, WorkerEntry);
    finishSerialClones(M);
    if (Optimize) {
      // Spawned children's bodies inside their helpers (ChildInline.h), then the usual
      // clean-up of what inlining leaves on those helpers alone (the inlined body's
      // re-test of its wrapper's prefix, say): every other function is done.
      SmallVector<Function *, 8> Inlined;  // and the bodies BoundThread.h simplified
      Changed |= makePreserveNoneEntries(M, WorkerEntry, Inlined);
      Inlined.append(inlineChildrenIntoHelpers(M, WorkerEntry));
      if (!Inlined.empty()) {
        FunctionAnalysisManager &FAM =
            MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
        FunctionPassManager FPM;
        FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
        FPM.addPass(InstCombinePass());
        FPM.addPass(SimplifyCFGPass());
        for (Function *H : Inlined) {
          FAM.invalidate(*H, PreservedAnalyses::none());
          FPM.run(*H, FAM);
        }
        Changed = true;
      }
    }
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

}  // namespace

}  // namespace sprig

// The LLVM pass-plugin entry point: opt -load-pass-plugin, clang -fpass-plugin, and
// SprigFrontend.so (Plugin.cpp), which loads this file for every compilation.
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
                  // The profiler's counters and hooks read and write the clock at
                  // every call; fold what repeats (optimising builds only).
                  if (sprig::scaleMode() && Level != OptimizationLevel::O0) {
                    FunctionPassManager FPM;
                    FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
                    FPM.addPass(InstCombinePass());
                    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
                  }
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
