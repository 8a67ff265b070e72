//===- plugin/late/ReducerViews.cpp - the reducer view's lookup, inline ----===//
//
// See ReducerViews.h; the runtime's side is runtime/reducer.cpp and runtime/view_map.h.
//===----------------------------------------------------------------------===//
#include "ReducerViews.h"
#include "early/Reducers.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace sprig {

static constexpr const char *ViewFn = ReducerViewFn;
static constexpr const char *LookupFn = ReducerLookupFn;

// May I run inside a loop that a view call leaves for its preheader? The view depends
// on the strand, which only a call can change (a spawn, a sync, a callee that syncs):
// stores and loads of ordinary memory cannot, whatever they alias.
static bool keepsTheStrand(const Instruction &I, const Function *View) {
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return true;
  if (CB->getCalledFunction() == View)
    return true;
  if (CB->isInlineAsm() || isa<InvokeInst>(CB))
    return false;
  if (isa<DbgInfoIntrinsic>(CB) || CB->isLifetimeStartOrEnd() || isa<AssumeInst>(CB))
    return true;
  // A call that may spawn and sync reaches the runtime's state (a worker's deque, the
  // frame's join counter: memory no argument points to); one that touches only its
  // arguments' memory (a memcpy; an update's cold path, inferred so) or none cannot.
  return CB->doesNotAccessMemory() || CB->onlyAccessesArgMemory();
}

// Each view call in a loop that makes no call (above) and whose arguments do not change
// in it goes to the loop's preheader, outermost such loop first: one lookup per entry
// into the loop instead of one per iteration. LICM would not: it hoists a call that
// reads memory only from a loop that writes none, and an update that is not promoted to
// a register (an exact sum's digits, chosen by each term) stays a store in the loop.
static bool hoistViews(Function &Fn, Function *View) {
  SmallVector<CallInst *, 8> Calls;
  for (BasicBlock &BB : Fn)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->getCalledFunction() == View)
        Calls.push_back(CI);
  if (Calls.empty())
    return false;
  DominatorTree DT(Fn);
  LoopInfo LI(DT);
  bool Changed = false;
  for (CallInst *CI : Calls) {
    Loop *Target = nullptr;
    for (Loop *L = LI.getLoopFor(CI->getParent()); L; L = L->getParentLoop()) {
      if (!L->getLoopPreheader() ||
          !all_of(CI->args(), [&](const Use &A) { return L->isLoopInvariant(A.get()); }) ||
          !all_of(L->blocks(), [&](BasicBlock *BB) {
            return all_of(*BB, [&](Instruction &I) { return keepsTheStrand(I, View); });
          }))
        break;
      Target = L;
    }
    if (!Target)
      continue;
    CI->moveBefore(Target->getLoopPreheader()->getTerminator()->getIterator());
    Changed = true;
  }
  return Changed;
}

bool expandReducerViews(Module &M) {
  Function *F = M.getFunction(ViewFn);
  if (!F)
    return false;
  for (Function &Fn : M)
    if (!Fn.isDeclaration())
      hoistViews(Fn, F);
  LLVMContext &C = M.getContext();
  PointerType *PtrTy = PointerType::getUnqual(C);
  // The sequence of sprig_self() (sprig/abi.h), on the views' thread-local. Volatile:
  // never merged with another read of it, which might be in another strand.
  InlineAsm *Load = InlineAsm::get(FunctionType::get(PtrTy, false),
                                   "movq __sprig_tls_views@gottpoff(%rip), $0\n\t"
                                   "movq %fs:($0), $0",
                                   "=r,~{dirflag},~{fpsr},~{flags}",
                                   /*hasSideEffects=*/true);
  SmallVector<Type *, 6> Params = {PtrTy};
  append_range(Params, F->getFunctionType()->params());
  FunctionCallee Lookup =
      M.getOrInsertFunction(LookupFn, FunctionType::get(PtrTy, Params, false));
  if (auto *LF = dyn_cast<Function>(Lookup.getCallee()))
    LF->setDoesNotThrow();
  bool Changed = false;
  for (User *U : make_early_inc_range(F->users())) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || CI->getCalledFunction() != F)
      continue;
    //   m = the thread-local map
    //   if (m == null)            view = key                (a strand without a steal)
    //   else if (m[0] == key)     view = m[1]               (the map's last lookup)
    //   else                      view = lookup(m, key, ...)
    // (runtime/view_map.h: ViewMap::last_key, last_view; abi_layout.cpp checks them.)
    IRBuilder<> B(CI);
    CallInst *Map = B.CreateCall(Load);
    Map->setDebugLoc(CI->getDebugLoc());
    Value *Key = CI->getArgOperand(0);
    Value *Stolen = B.CreateIsNotNull(Map);
    BasicBlock *Head = CI->getParent();
    Instruction *ThenTerm = SplitBlockAndInsertIfThen(Stolen, CI, /*Unreachable=*/false);
    B.SetInsertPoint(ThenTerm);
    Value *LastKey = B.CreateLoad(PtrTy, Map, "sprig.last.key");
    Value *Hit = B.CreateICmpEQ(LastKey, Key);
    Instruction *HitTerm = nullptr, *MissTerm = nullptr;
    SplitBlockAndInsertIfThenElse(Hit, ThenTerm, &HitTerm, &MissTerm);
    B.SetInsertPoint(HitTerm);
    Value *LastView = B.CreateLoad(
        PtrTy, B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Map, 8), "sprig.last.view");
    B.SetInsertPoint(MissTerm);
    SmallVector<Value *, 6> Args = {Map};
    append_range(Args, CI->args());
    CallInst *Slow = B.CreateCall(Lookup, Args);
    Slow->setDebugLoc(CI->getDebugLoc());
    B.SetInsertPoint(ThenTerm);
    PHINode *Stole = B.CreatePHI(PtrTy, 2);
    Stole->addIncoming(LastView, HitTerm->getParent());
    Stole->addIncoming(Slow, MissTerm->getParent());
    B.SetInsertPoint(CI);
    PHINode *Phi = B.CreatePHI(PtrTy, 2);
    Phi->addIncoming(Key, Head);
    Phi->addIncoming(Stole, ThenTerm->getParent());
    CI->replaceAllUsesWith(Phi);
    CI->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

}  // namespace sprig
