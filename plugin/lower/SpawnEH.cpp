//===- plugin/lower/SpawnEH.cpp - exceptions across spawns ----------------===//
#include "SpawnEH.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-lower"

namespace sprig {

HelperEH::HelperEH(ModuleContext &Ctx, Function *H, Value *ParentSF, AllocaInst *ExnSlot,
                   AllocaInst *ChildNo)
    : Ctx(Ctx), H(H), ParentSF(ParentSF), ExnSlot(ExnSlot), ChildNo(ChildNo) {}

void HelperEH::makeCatchPath() {
  Caught = BasicBlock::Create(Ctx.C, "spawn.caught", H);
  IRBuilder<> CB(Caught);
  CB.CreateCall(Ctx.ABI.ChildThrew, {ParentSF, CB.CreateLoad(Ctx.PtrTy, ExnSlot),
                                     CB.CreateLoad(Ctx.I32, ChildNo)});
  if (Scope)
    CB.CreateCall(Ctx.ABI.LeaveHelperExcScoped, {ParentSF, Scope});
  else
    CB.CreateCall(Ctx.ABI.LeaveHelperExc, {ParentSF});
  CB.CreateRetVoid();
}

BasicBlock *HelperEH::outerPad() {
  if (!OuterPad) {
    OuterPad = BasicBlock::Create(Ctx.C, "spawn.lpad", H);
    IRBuilder<> PB(OuterPad);
    auto *LP = PB.CreateLandingPad(StructType::get(Ctx.PtrTy, Ctx.I32), 1);
    LP->addClause(ConstantPointerNull::get(cast<PointerType>(Ctx.PtrTy)));
    PB.CreateStore(PB.CreateExtractValue(LP, 0), ExnSlot);
    PB.CreateBr(Caught);
  }
  return OuterPad;
}

void HelperEH::routeThrowingCalls(SmallVectorImpl<BasicBlock *> &Clones,
                                  ArrayRef<BasicBlock *> Fixed, const Function &Parent) {
  if (Parent.doesNotThrow())
    return;  // its plain calls do not unwind (SpawnEH.h)
  SmallVector<CallInst *, 8> Throwing;
  for (BasicBlock *NB : Clones)
    for (Instruction &I : *NB)
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (!CI->doesNotThrow() && !isa<IntrinsicInst>(CI) && !CI->isInlineAsm())
          Throwing.push_back(CI);
  if (!Throwing.empty() && !H->hasPersonalityFn())
    H->setPersonalityFn(Ctx.ABI.personality());
  for (CallInst *CI : Throwing)
    changeToInvokeAndSplitBasicBlock(CI, outerPad());
  // The splits added blocks: take them into the list of clones.
  Clones.clear();
  for (BasicBlock &BB : *H)
    if (!is_contained(Fixed, &BB) && &BB != Caught && &BB != OuterPad)
      Clones.push_back(&BB);
}

void HelperEH::redirectExits(ArrayRef<BasicBlock *> Clones, BasicBlock *Exit,
                             BasicBlock *HExit) {
  for (BasicBlock *NB : Clones) {
    Instruction *T = NB->getTerminator();
    for (unsigned I = 0, E = T->getNumSuccessors(); I < E; ++I) {
      BasicBlock *Succ = T->getSuccessor(I);
      if (Succ->getParent() == H)
        continue;
      if (Succ == Exit) {
        T->setSuccessor(I, HExit);
      } else if (auto *II = dyn_cast<InvokeInst>(T); II && II->getUnwindDest() == Succ) {
        // Several ways out all enter the enclosing scope's cleanups; any will do.
        DirectPad = Succ;
        T->setSuccessor(I, outerPad());
      } else {
        EscapeTarget = Succ;
        T->setSuccessor(I, Caught);
      }
    }
    if (auto *R = dyn_cast<ResumeInst>(T)) {
      IRBuilder<> RB(R);
      RB.CreateStore(RB.CreateExtractValue(R->getValue(), 0), ExnSlot);
      RB.CreateBr(Caught);
      R->eraseFromParent();
    }
  }
}

void HelperEH::catchAllPads(ArrayRef<BasicBlock *> Clones) {
  SmallVector<LandingPadInst *, 4> Pads;
  for (BasicBlock *NB : Clones)
    if (auto *LP = dyn_cast<LandingPadInst>(NB->getFirstNonPHIIt()))
      Pads.push_back(LP);
  for (LandingPadInst *LP : Pads) {
    // The pad's own catch clauses stay first: a try/catch inside a spawned block
    // (`[[sprig::spawn]] { ... }`) dispatches on them as before; what none of them
    // matches, the catch-all takes (and the dispatch's resume became the catch path).
    auto *NLP = LandingPadInst::Create(LP->getType(), LP->getNumClauses() + 1, "",
                                       LP->getIterator());
    for (unsigned I = 0, E = LP->getNumClauses(); I != E; ++I)
      NLP->addClause(LP->getClause(I));
    NLP->addClause(ConstantPointerNull::get(cast<PointerType>(Ctx.PtrTy)));
    LP->replaceAllUsesWith(NLP);
    LP->eraseFromParent();
    IRBuilder<> PB(NLP->getParent(), std::next(NLP->getIterator()));
    PB.CreateStore(PB.CreateExtractValue(NLP, 0), ExnSlot);
  }
}

void HelperEH::finish() {
  if (pred_empty(Caught))
    Caught->eraseFromParent();  // no exception can escape: no catch path
}

// An exception thrown before the detach (evaluating arguments) is rethrown by the helper
// into F, where it must take the statement's way out: an outside landing pad the
// statement's invokes used, or one built to reach the block its cleanups led to.
bool HelperEH::parentPad(Function &F, const SpawnRegion &R, BasicBlock *Exit,
                         const DebugLoc &DL, BasicBlock *&Pad) {
  Pad = DirectPad;
  LandingPadInst *OrigPad = nullptr;  // one of the statement's own pads, in F
  for (BasicBlock *BB : R.Blocks)
    if (auto *LP = dyn_cast<LandingPadInst>(BB->getFirstNonPHIIt()))
      if (!OrigPad)
        OrigPad = LP;
  if (Pad || !EscapeTarget || !OrigPad)
    return true;
  if (!EscapeTarget->phis().empty()) {
    Ctx.fail(F, "internal error: unexpected exception-path merge after a spawn", DL);
    return false;
  }
  // A landing pad that does in F what the statement's own pads did before reaching the
  // escape target: same clauses, same slot stores.
  Pad = BasicBlock::Create(Ctx.C, "spawn.parent.lpad", &F, Exit);
  IRBuilder<> PB(Pad);
  auto *LP = PB.CreateLandingPad(OrigPad->getType(), OrigPad->getNumClauses());
  for (unsigned I = 0; I < OrigPad->getNumClauses(); ++I)
    LP->addClause(OrigPad->getClause(I));
  LP->setCleanup(true);
  for (User *U : OrigPad->users())
    if (auto *EV = dyn_cast<ExtractValueInst>(U))
      for (User *EU : EV->users())
        if (auto *St = dyn_cast<StoreInst>(EU))
          PB.CreateStore(PB.CreateExtractValue(LP, EV->getIndices()),
                         St->getPointerOperand());
  PB.CreateBr(EscapeTarget);
  return true;
}

// An exception is unwinding through F (thrown by the continuation, or rethrown at a
// sync): before any cleanup or handler of F runs, wait for F's children (they may use
// its locals; in the serial program they would have finished). A child's exception is
// earlier in serial order than the one in flight: then the one in flight is destroyed
// and the child's thrown instead, into this same landing pad.
void syncAtLandingPad(ModuleContext &Ctx, SpawnFrame &Fr, LandingPadInst *LP) {
  BasicBlock *Pad = LP->getParent();
  BasicBlock *Rest =
      Pad->splitBasicBlock(std::next(LP->getIterator()), "sprig.lpad.synced");
  BasicBlock *Swap = Ctx.ABI.emitSyncWait(Fr, Pad->getTerminator(), Rest, LP->getDebugLoc(),
                                          "sprig.lpad", /*CheckException=*/true);
  IRBuilder<> B(Swap);
  BasicBlock *Dead = BasicBlock::Create(Ctx.C, "sprig.lpad.noreturn", &Fr.F, Rest);
  B.CreateInvoke(Ctx.ABI.InFlight, Dead, Pad, {Fr.SF, B.CreateExtractValue(LP, 0)});
  IRBuilder<>(Dead).CreateUnreachable();
}

// Every way an exception can leave F must wait for F's children and leave the frame
// (the root frame hands itself back to its own thread there). Calls that may throw outside
// any of F's EH scopes have no landing pad: give them one, a cleanup that only does that.
void addExitPad(ModuleContext &Ctx, SpawnFrame &Fr,
                const SmallPtrSetImpl<BasicBlock *> &Cold) {
  Function &F = Fr.F;
  if (F.doesNotThrow())
    return;
  SmallVector<CallInst *, 16> Calls;
  for (BasicBlock &BB : F) {
    if (Cold.count(&BB))
      continue;  // no spawn before: an exception leaving here leaves no child behind
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (!CI->doesNotThrow() && !isa<IntrinsicInst>(CI) && !CI->isInlineAsm() &&
            !CI->isMustTailCall())
          Calls.push_back(CI);
  }
  if (Calls.empty())
    return;
  if (!F.hasPersonalityFn())
    F.setPersonalityFn(Ctx.ABI.personality());
  BasicBlock *Pad = BasicBlock::Create(Ctx.C, "sprig.eh.exit", &F);
  IRBuilder<> B(Pad);
  LandingPadInst *LP = B.CreateLandingPad(StructType::get(Ctx.PtrTy, Ctx.I32), 0);
  LP->setCleanup(true);
  B.CreateResume(LP);
  Fr.ifSpawned(Pad->getTerminator(),
               [&](IRBuilder<> &TB) { TB.CreateCall(Ctx.ABI.LeaveFrame, {Fr.SF}); });
  for (CallInst *CI : Calls)
    changeToInvokeAndSplitBasicBlock(CI, Pad);
  syncAtLandingPad(Ctx, Fr, LP);  // the sync goes between the pad and the leave
}

}  // namespace sprig
