//===- plugin/late/BoundThread.cpp - code that only runs on a bound thread ===//
//
// See BoundThread.h for why the calls are unreachable. Each becomes `unreachable` with
// everything after it in its block (changeToUnreachable); the branches into those blocks
// are left to SimplifyCFG, which folds a conditional branch with an unreachable side
// into its other side.
//===----------------------------------------------------------------------===//
#include "BoundThread.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-bound-thread"

namespace sprig {

static bool bindsOrUnbinds(const CallBase &CB) {
  const Function *Fn = CB.getCalledFunction();
  return Fn &&
         (Fn->getName() == "__sprig_enter_root" || Fn->getName() == "__sprig_leave_root");
}

bool assumeBoundThread(ArrayRef<CallBase *> Calls) {
  // Weak handles: making one call unreachable deletes the rest of its block, which may
  // hold another of Calls (or any call the caller still tracks).
  SmallVector<WeakVH, 8> Dead;
  for (CallBase *CB : Calls)
    if (CB && CB->getParent() && bindsOrUnbinds(*CB))
      Dead.push_back(CB);
  bool Changed = false;
  for (WeakVH &V : Dead)
    // Never an invoke: neither function throws (sprig/abi.h); one a front end made so is
    // skipped rather than reasoned about.
    if (auto *CI = dyn_cast_or_null<CallInst>(V)) {
      changeToUnreachable(CI);
      Changed = true;
    }
  return Changed;
}

bool assumeBoundThread(Function &F) {
  SmallVector<CallBase *, 8> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I); CB && bindsOrUnbinds(*CB))
        Calls.push_back(CB);
  return assumeBoundThread(Calls);
}

}  // namespace sprig
