//===- plugin/lower/RegionValues.cpp - what an outlined region takes from its function ===//
#include "RegionValues.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace sprig {

void dropDebugInfo(Instruction &I) {
  I.dropDbgRecords();
  I.setDebugLoc(DebugLoc());
  // -g at -O1 and above: assignment tracking links stores and allocas to #dbg_assign
  // records of F's variables; a function without a subprogram must not keep the links.
  I.setMetadata(LLVMContext::MD_DIAssignID, nullptr);
}

bool regionInputs(const SpawnRegion &R, SetVector<Value *> &Inputs) {
  for (BasicBlock *BB : R.Blocks)
    for (Instruction &I : *BB) {
      for (Value *Op : I.operands()) {
        if (auto *OI = dyn_cast<Instruction>(Op)) {
          if (!R.contains(OI->getParent()))
            Inputs.insert(OI);
        } else if (isa<Argument>(Op)) {
          Inputs.insert(Op);
        }
      }
      for (User *U : I.users())
        if (auto *UI = dyn_cast<Instruction>(U); UI && !R.contains(UI->getParent()))
          return false;
    }
  return true;
}

bool privateToRegion(const Value *V, const SpawnRegion &R) {
  auto *AI = dyn_cast<AllocaInst>(V);
  if (!AI || !AI->isStaticAlloca())
    return false;
  bool AllInside = true, EHSlot = false;
  for (const User *U : AI->users()) {
    auto *UI = dyn_cast<Instruction>(U);
    if (!UI || !R.contains(UI->getParent()))
      AllInside = false;
    if (auto *St = dyn_cast<StoreInst>(U); St && St->getPointerOperand() == AI)
      if (auto *EV = dyn_cast<ExtractValueInst>(St->getValueOperand()))
        if (isa<LandingPadInst>(EV->getAggregateOperand()))
          EHSlot = true;
  }
  return AllInside || EHSlot;
}

void readOnlyLocalsByValue(Function &F, const SpawnRegion &R, Instruction *At,
                           ArrayRef<const Value *> Skip, bool WithLifetimes) {
  SmallVector<AllocaInst *, 8> Candidates;
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I);
        AI && AI->isStaticAlloca() && !is_contained(Skip, AI))
      Candidates.push_back(AI);
  for (AllocaInst *AI : Candidates) {
    SmallVector<LoadInst *, 4> Inside;
    Type *Ty = nullptr;
    bool OK = true, UsedOutside = false;
    for (User *U : AI->users()) {
      auto *I = dyn_cast<Instruction>(U);
      bool In = I && R.contains(I->getParent());
      if (auto *L = dyn_cast<LoadInst>(U); L && L->isSimple()) {
        if (In) {
          if (Ty && Ty != L->getType())
            OK = false;
          Ty = L->getType();
          Inside.push_back(L);
        } else
          UsedOutside = true;
      } else if (auto *St = dyn_cast<StoreInst>(U);
                 St && St->isSimple() && St->getPointerOperand() == AI && !In) {
        UsedOutside = true;
      } else if (auto *II = dyn_cast<IntrinsicInst>(U);
                 WithLifetimes && II && II->isLifetimeStartOrEnd() && !In) {
        // Its lifetime's bounds (-O1 and up), outside R: the region lies within them.
      } else {
        OK = false;  // address taken, written inside R, or an unusual access
      }
      if (!OK)
        break;
    }
    // Used only inside: R's own (privateToRegion); not read: nothing to do.
    if (!OK || !UsedOutside || Inside.empty())
      continue;
    auto *V = new LoadInst(Ty, AI, AI->getName() + ".val", At->getIterator());
    V->setAlignment(Inside.front()->getAlign());
    for (LoadInst *L : Inside) {
      L->replaceAllUsesWith(V);
      L->eraseFromParent();
    }
  }
}

SmallVector<BasicBlock *, 16> cloneRegion(const SpawnRegion &R, Function *H,
                                          ValueToValueMapTy &VMap,
                                          function_ref<void(Instruction &)> FixDebug) {
  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *BB : R.Blocks) {
    BasicBlock *NB = CloneBasicBlock(BB, VMap, "", H);
    VMap[BB] = NB;
    Clones.push_back(NB);
    for (Instruction &I : *NB)
      if (FixDebug)
        FixDebug(I);
      else
        dropDebugInfo(I);
  }
  for (BasicBlock *NB : Clones)
    for (Instruction &I : *NB)
      RemapInstruction(&I, VMap, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
  return Clones;
}

}  // namespace sprig
