//===- plugin/late/LatePasses.cpp - the parallel program's end of the pipeline ===//
//
// See LatePasses.h. Runs in sprig-fix-frames (OptimizerLastEP: at the end of the
// optimisation pipeline, after inlining), on every function the lowering marked a
// spawner (markers::SpawnerAttr).
//===----------------------------------------------------------------------===//
#include "LatePasses.h"
#include "ChildInline.h"
#include "Markers.h"
#include "PreserveNoneEntries.h"
#include "SerialGate.h"
#include "SplitPrefix.h"
#include "lower/FrameFixups.h"
#include "lower/LoweringContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-split"
SPRIG_STATISTIC(NumSplits, "Spawning functions split into a frameless wrapper");

namespace sprig {

static cl::opt<bool> SplitPrefix("sprig-split-prefix", cl::init(true), cl::Hidden,
                                 cl::desc("Sprig: split the paths that never spawn into "
                                          "a frameless wrapper"));

static cl::opt<bool> SerialGate("sprig-serial-gate", cl::init(true), cl::Hidden,
                                cl::desc("Sprig: a root that finds the pool saturated runs "
                                         "the serial clone of a spawning function"));

PreservedAnalyses runLatePasses(Module &M, ModuleAnalysisManager &MAM, bool Optimize) {
  bool Changed = false;
  unpinSpawners(M);
  SmallVector<Function *, 16> Spawners;
  for (Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute(markers::SpawnerAttr))
      Spawners.push_back(&F);
  DenseMap<Function *, Function *> WorkerEntry;
  for (Function *F : Spawners) {
    AssertFunctionScope Scope(*F);
    fixOverAlignedAllocas(M, *F);
    Function *Serial = takeSerialClone(*F);
    SPRIG_ASSERT(!Serial || Serial->hasFnAttribute(markers::SerialAttr),
                 "a spawner's !sprig.serial names its serial clone");
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

}  // namespace sprig
