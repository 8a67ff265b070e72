//===- plugin/Reducers.cpp - reducer lookups: strand-pure calls -------------===//
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

using namespace llvm;

namespace sprig {

static constexpr const char *ViewsFn = "__sprig_reducer_views";
static constexpr const char *LookupFn = "__sprig_reducer_lookup";

bool markReducerLookups(Module &M) {
  bool Changed = false;
  for (const char *Name : {ViewsFn, LookupFn})
    if (Function *F = M.getFunction(Name); F && F->isDeclaration()) {
      F->setMemoryEffects(MemoryEffects::inaccessibleMemOnly(ModRefInfo::Ref));
      F->setDoesNotThrow();
      F->setWillReturn();
      F->setNoSync();
      Changed = true;
    }
  return Changed;
}

bool expandReducerViews(Module &M) {
  Function *F = M.getFunction(ViewsFn);
  Triple T(M.getTargetTriple());
  if (!F || raceMode() || !T.isX86_64() || !T.isOSBinFormatELF())
    return false;
  // The sequence of sprig_self() (sprig/abi.h), on the views' thread-local. Volatile:
  // never merged with another read of it, which might be in another strand.
  FunctionType *Ty = FunctionType::get(PointerType::getUnqual(M.getContext()), false);
  InlineAsm *Load = InlineAsm::get(Ty,
                                   "movq __sprig_tls_views@gottpoff(%rip), $0\n\t"
                                   "movq %fs:($0), $0",
                                   "=r,~{dirflag},~{fpsr},~{flags}",
                                   /*hasSideEffects=*/true);
  bool Changed = false;
  for (User *U : make_early_inc_range(F->users())) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || CI->getCalledFunction() != F)
      continue;
    IRBuilder<> B(CI);
    CallInst *R = B.CreateCall(Load);
    R->setDebugLoc(CI->getDebugLoc());
    CI->replaceAllUsesWith(R);
    CI->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

}  // namespace sprig
