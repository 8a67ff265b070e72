//===- plugin/Reducers.cpp - reducer views: strand-pure calls ---------------===//
//
// See Reducers.h; the runtime's side is runtime/reducer.cpp.
//===----------------------------------------------------------------------===//
#include "Reducers.h"
#include "Race.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace sprig {

static constexpr const char *ViewFn = "__sprig_reducer_view";
static constexpr const char *LookupFn = "__sprig_reducer_lookup";

bool markReducerLookups(Module &M) {
  Function *F = M.getFunction(ViewFn);
  if (!F || !F->isDeclaration())
    return false;
  F->setMemoryEffects(MemoryEffects::inaccessibleMemOnly(ModRefInfo::Ref));
  F->setDoesNotThrow();
  F->setWillReturn();
  F->setNoSync();
  return true;
}

bool expandReducerViews(Module &M) {
  Function *F = M.getFunction(ViewFn);
  Triple T(M.getTargetTriple());
  if (!F || raceMode() || !T.isX86_64() || !T.isOSBinFormatELF())
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
  FunctionCallee Lookup = M.getOrInsertFunction(LookupFn, FunctionType::get(PtrTy, Params,
                                                                            false));
  if (auto *LF = dyn_cast<Function>(Lookup.getCallee()))
    LF->setDoesNotThrow();
  bool Changed = false;
  for (User *U : make_early_inc_range(F->users())) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || CI->getCalledFunction() != F)
      continue;
    IRBuilder<> B(CI);
    CallInst *Map = B.CreateCall(Load);
    Map->setDebugLoc(CI->getDebugLoc());
    Value *Stolen = B.CreateIsNotNull(Map);
    BasicBlock *Head = CI->getParent();
    Instruction *ThenTerm = SplitBlockAndInsertIfThen(Stolen, CI, /*Unreachable=*/false);
    B.SetInsertPoint(ThenTerm);
    SmallVector<Value *, 6> Args = {Map};
    append_range(Args, CI->args());
    CallInst *Slow = B.CreateCall(Lookup, Args);
    Slow->setDebugLoc(CI->getDebugLoc());
    B.SetInsertPoint(CI);
    PHINode *Phi = B.CreatePHI(PtrTy, 2);
    Phi->addIncoming(CI->getArgOperand(0), Head);
    Phi->addIncoming(Slow, ThenTerm->getParent());
    CI->replaceAllUsesWith(Phi);
    CI->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

}  // namespace sprig
