//===- plugin/late/PreserveNoneEntries.cpp - spawners called without saved registers ===//
//
// See PreserveNoneEntries.h. Why a copy with another convention is the same function:
// - The convention only says which registers survive a call. `preserve_none` keeps
//   %rbp and %rsp: the body's frame pointer, which its continuations need, is still
//   saved and restored by its prologue and epilogue.
// - A continuation of the body that a thief resumes, or that a sync resumes on another
//   worker, returns to the caller through memory only: the return address on the
//   original stack and %rbp from the frame. With the C convention the epilogue also
//   reloads the callee-saved registers from the frame; here the caller expects none.
// - Unwinding: the copy's call-frame information describes its own saves (%rbp only);
//   the callers' landing pads assume every register clobbered across the call.
// - More than 12 parameters would go on the stack, legal but never needed by the
//   benchmarks: such functions keep the C convention, as do variadic ones and those with
//   stack-passed (byval, inalloca, preallocated) or Swift arguments.
//===----------------------------------------------------------------------===//
#include "PreserveNoneEntries.h"
#include "BoundThread.h"
#include "Markers.h"
#include "lower/LoweringContext.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-preserve-none"
SPRIG_STATISTIC(NumPreserveNone, "Worker entries given a preserve_none copy");

namespace sprig {

static cl::opt<bool> PreserveNoneEntries(
    "sprig-preserve-none-entries", cl::init(true), cl::Hidden,
    cl::desc("Sprig: calls made on a worker go to a preserve_none copy of the callee"));

namespace {

bool conventionMovable(const Function &F) {
  if (F.isDeclaration() || F.isVarArg() || F.arg_size() > 12 ||
      F.getCallingConv() != CallingConv::C)
    return false;
  for (const Argument &A : F.args())
    if (A.hasByValAttr() || A.hasInAllocaAttr() || A.hasPreallocatedAttr() ||
        A.hasSwiftErrorAttr() || A.hasSwiftSelfAttr() ||
        A.hasAttribute(Attribute::SwiftAsync))
      return false;
  return true;
}

// The worker entry of a split F ends in `musttail call F.sprig.body(...)`; the one body.
CallInst *jumpIntoBody(Function &W) {
  CallInst *Found = nullptr;
  for (BasicBlock &BB : W)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->isMustTailCall()) {
        Function *Fn = CI->getCalledFunction();
        if (!Fn || !Fn->hasFnAttribute(markers::SpawnerAttr) || Found)
          return nullptr;
        Found = CI;
      }
  return Found;
}

Function *preserveNoneCopy(Function &F, const Twine &Name) {
  ValueToValueMapTy VMap;
  Function *C = CloneFunction(&F, VMap);
  C->setName(Name);
  C->setLinkage(GlobalValue::InternalLinkage);
  C->setComdat(nullptr);
  C->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  C->setCallingConv(CallingConv::PreserveNone);
  return C;
}

}  // namespace

bool makePreserveNoneEntries(Module &M, DenseMap<Function *, Function *> &WorkerEntry,
                             SmallVectorImpl<Function *> &Simplify) {
  if (!PreserveNoneEntries)
    return false;
  // The spawners in the module's order: the copies are made, and so appear in the
  // output, in an order that does not depend on where the functions were allocated (a
  // DenseMap of pointers iterates in the order of their hashes).
  SmallVector<Function *, 16> Spawners;
  for (Function &F : M)
    if (WorkerEntry.count(&F))
      Spawners.push_back(&F);
  // worker entry -> its preserve_none copy
  SmallVector<std::pair<Function *, Function *>, 16> Copy;
  for (Function *F : Spawners) {
    Function *&Entry = WorkerEntry[F];
    Function *W = Entry;
    CallInst *Jump = jumpIntoBody(*W);
    if (!Jump || !conventionMovable(*W))
      continue;
    Function *Body = Jump->getCalledFunction();
    if (!conventionMovable(*Body))
      continue;
    Function *BodyPN = preserveNoneCopy(*Body, Body->getName() + ".pn");
    // Called only through WPN, only on a worker (BoundThread.h).
    if (assumeBoundThread(*BodyPN))
      Simplify.push_back(BodyPN);
    Function *WPN = preserveNoneCopy(*W, W->getName() + ".pn");
    CallInst *JumpPN = jumpIntoBody(*WPN);
    SPRIG_ASSERT(JumpPN, "a copy of a worker entry keeps its jump into the body");
    JumpPN->setCalledFunction(BodyPN);
    JumpPN->setCallingConv(CallingConv::PreserveNone);
    Copy.push_back({W, WPN});
    Entry = WPN;
    ++NumPreserveNone;
  }
  if (Copy.empty())
    return false;
  // Every call of a worker entry is made on a worker (SerialGate.cpp put it there).
  for (auto &[W, WPN] : Copy) {
    SmallVector<CallBase *, 8> Calls;
    for (User *U : W->users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == W)
        Calls.push_back(CB);
    for (CallBase *CB : Calls) {
      CB->setCalledFunction(WPN);
      CB->setCallingConv(CallingConv::PreserveNone);
    }
    if (W->use_empty())
      W->eraseFromParent();
  }
  return true;
}

}  // namespace sprig
