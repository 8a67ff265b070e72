//===- plugin/early/SerialClone.cpp - the serial elision kept beside each spawner ===//
//
// See SerialClone.h. Why a clone and not a mode of the lowered body: a root computation
// that finds the pool saturated can only run serially, and the lowered body run
// serially still pays for its frame, its spawns (a push and a pop each) and its syncs,
// about 3.4 x the serial time on fib-like code; the clone is the serial elision itself.
// The late pass puts the gate in front of each frame and calls the clone through it
// (late/SerialGate.h).
//===----------------------------------------------------------------------===//
#include "SerialClone.h"
#include "lower/LoweringContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-serial"
SPRIG_STATISTIC(NumClones, "Serial clones made");

namespace sprig {

void stripMarkers(Function &S, const MarkerFns &Mk) {
  SmallVector<CallBase *, 32> Calls;
  for (BasicBlock &BB : S)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Fn = CB->getCalledFunction();
            Fn && (Fn == Mk.Begin || Fn == Mk.End || Fn == Mk.EndV || Fn == Mk.Sync ||
                   Fn == Mk.ScopeExit || Fn == Mk.SpawnScope || Fn == Mk.LhsBegin ||
                   Fn == Mk.Cancel || Mk.Tags.count(Fn) || Mk.Lhs.count(Fn)))
          Calls.push_back(CB);
  for (CallBase *CB : Calls) {
    Function *Fn = CB->getCalledFunction();
    if ((Mk.Tags.count(Fn) || Mk.Lhs.count(Fn)) && CB->arg_size() == 1 &&
        CB->getType() == CB->getArgOperand(0)->getType()) {
      CB->replaceAllUsesWith(CB->getArgOperand(0));
      if (auto *II = dyn_cast<InvokeInst>(CB)) {
        BranchInst::Create(II->getNormalDest(), II->getIterator());
        II->getUnwindDest()->removePredecessor(II->getParent());
      }
      CB->eraseFromParent();
      continue;
    }
    replaceMarkerCall(CB);
  }
}

void makeSerialClones(MarkerContext &Ctx, ArrayRef<Function *> Spawners) {
  DenseMap<Function *, Function *> CloneOf;
  SmallVector<Function *, 16> Clones;  // in the order of Spawners: deterministic output
  SmallVector<GlobalValue *, 16> Pinned;
  SmallVector<GlobalValue *, 16> UsedVec;
  collectUsedGlobalVariables(Ctx.M, UsedVec, /*CompilerUsed=*/false);
  collectUsedGlobalVariables(Ctx.M, UsedVec, /*CompilerUsed=*/true);
  SmallPtrSet<GlobalValue *, 16> AlreadyUsed(UsedVec.begin(), UsedVec.end());
  for (Function *F : Spawners) {
    if (F->isDeclaration() || F->isVarArg())
      continue;
    ValueToValueMapTy VMap;
    Function *S = CloneFunction(F, VMap);
    S->setName(F->getName() + ".sprig.serial");
    S->setLinkage(GlobalValue::InternalLinkage);
    S->setComdat(nullptr);
    S->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    S->addFnAttr(markers::SerialAttr);
    stripMarkers(*S, Ctx.Markers);
    CloneOf[F] = S;
    Clones.push_back(S);
    // (The spawned calls' callees still pass through the frontend's tag markers here,
    // so F's address looks taken whether or not it is; pinning a function whose
    // address is taken changes nothing. One already in a used list stays as it is.)
    if (F->hasLocalLinkage() && !AlreadyUsed.count(F)) {
      F->addFnAttr(markers::PinnedAttr);
      Pinned.push_back(F);
    }
    F->setMetadata(markers::SerialMD, MDNode::get(Ctx.C, {ValueAsMetadata::get(S)}));
    ++NumClones;
  }
  if (CloneOf.empty())
    return;
  // In the clones, a direct call to a spawning function calls its clone: the whole
  // serial computation stays in clones, with no gate on the way.
  SmallVector<GlobalValue *, 16> Keep;
  for (Function *S : Clones) {
    for (BasicBlock &BB : *S)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I)) {
          Function *Callee = CB->getCalledFunction();
          auto It = Callee ? CloneOf.find(Callee) : CloneOf.end();
          if (It != CloneOf.end() && CB->getFunctionType() == It->second->getFunctionType())
            CB->setCalledFunction(It->second);
        }
    Keep.push_back(S);
  }
  // The gate's thread-local read (abi.bc), emitted only by the late pass.
  if (Function *Self = Ctx.M.getFunction(SerialGateSelfFn); Self && !Self->isDeclaration())
    Keep.push_back(Self);
  Keep.append(Pinned.begin(), Pinned.end());
  appendToCompilerUsed(Ctx.M, Keep);
}

}  // namespace sprig
