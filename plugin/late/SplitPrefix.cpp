//===- plugin/late/SplitPrefix.cpp - keep frame costs off paths that never spawn ===//
//
// A spawning function pays for its continuation frame on every call: the setjmp that
// captures a continuation makes the backend save all callee-saved registers in the
// prologue, and the frame's locals live in memory. Most calls of a recursive spawning
// function are leaves that return before any spawn (`if (n < 2) return n;`), and LLVM's
// shrink-wrapping cannot move that prologue off them: it gives up on any function with a
// landing pad (every spawning C++ function has one) or a frame access in a noreturn block.
//
// So we shrink-wrap by hand, at the end of the optimisation pipeline (the lowered,
// optimised IR): for a spawning function F,
//   * D = the nearest common dominator of every block that touches the frame (uses of
//     the `!sprig.frame` alloca other than its initial store, spawns, setjmps), moved
//     out of any loop; then D or the nearest block above it on its dominator chain such
//     that the code that can run before it (the prefix) has no effect but on F's own
//     locals and is cheap;
//   * F is cloned into F.sprig.body (internal; the whole lowered function), and in F, D
//     is replaced by `musttail call F.sprig.body(args); ret`. F keeps only the prefix
//     and the paths that leave without reaching D (the leaves), with no frame.
// A call that reaches D runs the prefix again in the body (a compare, typically) and
// continues there with its frame: the tail call is a jump, so the body's frame takes the
// place of F's and returns straight to F's caller.
//
// Conditions (else F is left as it is): D is not the entry block; the prefix has no effect
// outside F's own allocas, and is cheap to run twice (no call, no division, at most 32
// instructions);
// F is not variadic and has no inalloca, preallocated or swifterror parameter (musttail
// must forward them unchanged).
//===----------------------------------------------------------------------===//
#include "SplitPrefix.h"
#include "Assert.h"
#include "Markers.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace sprig {

// The most IR instructions (debug and alloca aside) the prefix may have.
constexpr unsigned kMaxPrefixInstructions = 32;

static AllocaInst *findFrame(Function &F) {
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && AI->getMetadata(markers::FrameMD))
      return AI;
  return nullptr;
}

// Every instruction that uses the frame (through GEPs), except stores into it in the
// entry block (the `flags = 0` of every call: harmless to run in the prefix).
static void frameBlocks(Function &F, AllocaInst *SF, SmallPtrSetImpl<BasicBlock *> &Out) {
  SmallVector<Value *, 16> Work{SF};
  SmallPtrSet<Value *, 16> Seen{SF};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (User *U : V->users()) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I)
        continue;
      if (isa<GetElementPtrInst>(I) || isa<CastInst>(I)) {
        if (Seen.insert(I).second)
          Work.push_back(I);
        continue;
      }
      if (auto *St = dyn_cast<StoreInst>(I);
          St && St->getPointerOperand() == V && I->getParent() == &F.getEntryBlock())
        continue;
      Out.insert(I->getParent());
    }
  }
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        Function *Callee = CB->getCalledFunction();
        if (Callee && (Callee->hasFnAttribute(markers::HelperAttr) ||
                       Callee->getIntrinsicID() == Intrinsic::eh_sjlj_setjmp))
          Out.insert(&BB);
      }
}

// May the prefix run twice (once in F, once again in the body)? Only if all it changes
// is F's own stack: stores into F's static allocas, lifetime and debug markers.
static bool harmlessTwice(const Instruction &I) {
  if (isa<AllocaInst>(I))
    return cast<AllocaInst>(I).isStaticAlloca();
  if (isa<DbgInfoIntrinsic>(I) || I.isLifetimeStartOrEnd() || isa<PseudoProbeInst>(I))
    return true;
  // A load, atomic too (LLVM counts an ordered load as a write): read again in the body
  // it may see a newer value, and the body then simply decides with that one; the run
  // is the one where the function started a little later.
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return !LI->isVolatile();
  if (auto *St = dyn_cast<StoreInst>(&I)) {
    if (St->isVolatile() || St->isAtomic())
      return false;
    auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(St->getPointerOperand()));
    return AI && AI->isStaticAlloca();
  }
  return !I.mayHaveSideEffects();
}

// Is the prefix cheap enough to run twice? A call that returns past D pays the prefix
// again in the body: worth it for a compare or a little arithmetic, not for a call
// (uts's prefix calls log1p: split, it ran 15-20% slower than whole).
static bool cheapTwice(const SmallPtrSetImpl<BasicBlock *> &Prefix) {
  unsigned N = 0;
  for (BasicBlock *BB : Prefix)
    for (Instruction &I : *BB) {
      if (isa<DbgInfoIntrinsic>(I) || isa<AllocaInst>(I) || I.isLifetimeStartOrEnd())
        continue;
      if (auto *CB = dyn_cast<CallBase>(&I); CB && !isa<IntrinsicInst>(CB))
        return false;
      // A division's latency (tens of cycles), paid twice on every call that goes on
      // (knapsack's pruning bound in the prefix: 23% slower at P=1).
      switch (I.getOpcode()) {
      case Instruction::FDiv:
      case Instruction::FRem:
      case Instruction::SDiv:
      case Instruction::UDiv:
      case Instruction::SRem:
      case Instruction::URem:
        return false;
      default:
        break;
      }
      if (++N > kMaxPrefixInstructions)
        return false;
    }
  return true;
}

// Allocas whose every use is a store into them (or a lifetime marker): nobody reads
// them any more. Removed with those uses, repeatedly.
static void removeWriteOnlyAllocas(Function &F) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    SmallVector<AllocaInst *, 8> Allocas;
    for (Instruction &I : F.getEntryBlock())
      if (auto *AI = dyn_cast<AllocaInst>(&I))
        Allocas.push_back(AI);
    for (AllocaInst *AI : Allocas) {
      SmallVector<Instruction *, 16> Dead;
      SmallVector<Instruction *, 16> Work{AI};
      bool WriteOnly = true;
      while (!Work.empty() && WriteOnly) {
        Instruction *V = Work.pop_back_val();
        Dead.push_back(V);
        for (User *U : V->users()) {
          auto *I = cast<Instruction>(U);
          if (isa<GetElementPtrInst>(I) || isa<CastInst>(I))
            Work.push_back(I);
          else if (auto *St = dyn_cast<StoreInst>(I);
                   St && St->getPointerOperand() == V && !St->isVolatile())
            Dead.push_back(I);
          else if (I->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(I))
            Dead.push_back(I);
          else
            WriteOnly = false;
        }
      }
      if (!WriteOnly)
        continue;
      SmallPtrSet<Instruction *, 16> Erased;
      for (auto It = Dead.rbegin(); It != Dead.rend(); ++It)
        if (Erased.insert(*It).second) {
          (*It)->replaceAllUsesWith(PoisonValue::get((*It)->getType()));
          (*It)->eraseFromParent();
        }
      Changed = true;
    }
  }
}

// F has no frame any more: give it back its own frame-pointer setting.
static void makeFrameless(Function &F) {
  F.removeFnAttr(markers::SpawnerAttr);
  F.removeFnAttr("no-realign-stack");
  if (F.hasFnAttribute(markers::OrigFramePointerAttr)) {
    F.addFnAttr("frame-pointer",
                F.getFnAttribute(markers::OrigFramePointerAttr).getValueAsString());
    F.removeFnAttr(markers::OrigFramePointerAttr);
  } else {
    F.removeFnAttr("frame-pointer");
  }
}

CallInst *splitNonSpawningPrefix(Function &F) {
  if (F.isVarArg() || F.isDeclaration())
    return nullptr;
  for (Argument &A : F.args())
    if (A.hasInAllocaAttr() || A.hasPreallocatedAttr() || A.hasSwiftErrorAttr())
      return nullptr;
  AllocaInst *SF = findFrame(F);
  if (!SF)
    return nullptr;
  // Spawners are never inlined (markSpawner), so F's entry holds its own frame only.
  SPRIG_ASSERT(llvm::count_if(F.getEntryBlock(),
                              [](Instruction &I) {
                                return isa<AllocaInst>(I) &&
                                       I.getMetadata(markers::FrameMD);
                              }) == 1,
               "a lowered spawning function has one frame");
  SmallPtrSet<BasicBlock *, 32> Touch;
  frameBlocks(F, SF, Touch);
  if (Touch.empty())
    return nullptr;
  DominatorTree DT(F);
  BasicBlock *D = nullptr;
  for (BasicBlock *BB : Touch)
    if (DT.isReachableFromEntry(BB))
      D = D ? DT.findNearestCommonDominator(D, BB) : BB;
  if (!D)
    return nullptr;
  // Out of loops: a prefix that loops back through D would run D's iterations twice.
  LoopInfo LI(DT);
  if (Loop *L = LI.getLoopFor(D)) {
    while (L->getParentLoop())
      L = L->getParentLoop();
    DomTreeNode *N = DT.getNode(L->getHeader())->getIDom();
    if (!N)
      return nullptr;
    D = N->getBlock();
  }
  // The split point: D, or the nearest block above it on its dominator chain whose
  // prefix is harmless and cheap to run twice (uts computes a costly `nc` before the
  // loop that spawns, but most nodes are leaves that returned before computing it). Any
  // block that dominates D also dominates every frame access.
  BasicBlock *Entry = &F.getEntryBlock();
  SmallPtrSet<BasicBlock *, 32> Prefix;
  BasicBlock *Split = nullptr;
  for (BasicBlock *Cand = D; Cand && Cand != Entry;
       Cand = DT.getNode(Cand)->getIDom() ? DT.getNode(Cand)->getIDom()->getBlock()
                                          : nullptr) {
    if (LI.getLoopFor(Cand) || Cand->isEHPad() || Cand->hasAddressTaken())
      continue;
    // The prefix: blocks that reach Cand without passing through it.
    Prefix.clear();
    SmallVector<BasicBlock *, 16> Work(predecessors(Cand));
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (BB == Cand || !Prefix.insert(BB).second)
        continue;
      for (BasicBlock *P : predecessors(BB))
        Work.push_back(P);
    }
    bool Harmless = true;
    for (BasicBlock *BB : Prefix)
      for (Instruction &I : *BB)
        Harmless = Harmless && harmlessTwice(I);
    if (Harmless && cheapTwice(Prefix)) {
      Split = Cand;
      break;
    }
  }
  if (!Split)
    return nullptr;
  D = Split;
  // Something to gain: some path must leave F without reaching D (a leaf); else the
  // wrapper would only run the prefix once more before every call of the body.
  {
    bool Leaf = false;
    for (BasicBlock &BB : F)
      if (DT.isReachableFromEntry(&BB) && !DT.dominates(D, &BB) &&
          (isa<ReturnInst>(BB.getTerminator()) || isa<ResumeInst>(BB.getTerminator())))
        Leaf = true;
    if (!Leaf)
      return nullptr;
  }

  // The body: the whole lowered function, entered only through F's tail call.
  ValueToValueMapTy VMap;
  Function *Body = CloneFunction(&F, VMap);
  Body->setName(F.getName() + ".sprig.body");
  Body->setLinkage(GlobalValue::InternalLinkage);
  Body->setComdat(nullptr);
  Body->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);

  // In F: D becomes the jump into the body.
  LLVMContext &C = F.getContext();
  BasicBlock *Tail = BasicBlock::Create(C, "sprig.spawning", &F, D);
  SmallVector<Value *, 8> Args;
  for (Argument &A : F.args())
    Args.push_back(&A);
  CallInst *Call = CallInst::Create(Body, Args, "", Tail);
  Call->setCallingConv(F.getCallingConv());
  Call->setAttributes(F.getAttributes().removeFnAttributes(C));
  Call->setTailCallKind(CallInst::TCK_MustTail);
  if (DISubprogram *SP = F.getSubprogram())
    Call->setDebugLoc(DILocation::get(C, SP->getLine(), 0, SP));
  if (F.getReturnType()->isVoidTy())
    ReturnInst::Create(C, Tail);
  else
    ReturnInst::Create(C, Call, Tail);
  SmallVector<BasicBlock *, 4> Preds(predecessors(D));
  for (BasicBlock *P : Preds)
    P->getTerminator()->replaceSuccessorWith(D, Tail);
  removeUnreachableBlocks(F);
  removeWriteOnlyAllocas(F);

  makeFrameless(F);
  Body->removeFnAttr(markers::OrigFramePointerAttr);
  Body->setMetadata(markers::SerialMD, nullptr);  // the gate is F's (SerialGate.h)
  return Call;
}

}  // namespace sprig
