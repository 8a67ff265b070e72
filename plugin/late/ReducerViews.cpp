//===- plugin/late/ReducerViews.cpp - the reducer view's lookup, inline ----===//
//
// See ReducerViews.h; the runtime's side is runtime/reducer.cpp and runtime/view_map.h.
//===----------------------------------------------------------------------===//
#include "ReducerViews.h"
#include "early/Reducers.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace sprig {

static constexpr const char *ViewFn = ReducerViewFn;
static constexpr const char *LookupFn = ReducerLookupFn;

bool expandReducerViews(Module &M) {
  Function *F = M.getFunction(ViewFn);
  if (!F)
    return false;
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
