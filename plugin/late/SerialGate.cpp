//===- plugin/late/SerialGate.cpp - the serial gate in front of each frame ===//
//
// The gate sits where the split prefix jumps into the body (SplitPrefix.cpp), so the
// leaves of a recursion never test it; a call that goes on pays the thread-local read of
// its worker and a branch (4 instructions on x86-64); only a thread that is no worker
// (entering a root) also loads __sprig_serial_gate. An F that could not be split tests
// it at its entry.
//
// A thread in a clone is no worker: a spawning function it reaches some other way (an
// indirect call, another translation unit) tests the gate again at its own entry and
// runs its clone or, if the pool has room by then, binds as a root as usual. Either is
// the serial program's behaviour, so the gate is a hint, never a correctness condition.
//===----------------------------------------------------------------------===//
#include "SerialGate.h"
#include "early/SerialClone.h"
#include "lower/LoweringContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/CallPromotionUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-serial"
SPRIG_STATISTIC(NumGates, "Serial gates emitted");
SPRIG_STATISTIC(NumWorkerCalls, "Calls made on a worker, past the callee's serial gate");

namespace sprig {

static constexpr StringLiteral SelfFn = SerialGateSelfFn;
static constexpr StringLiteral GateVar = "__sprig_serial_gate";

Function *takeSerialClone(Function &F) {
  MDNode *MD = F.getMetadata(markers::SerialMD);
  if (!MD)
    return nullptr;
  F.setMetadata(markers::SerialMD, nullptr);
  if (MD->getNumOperands() != 1)
    return nullptr;
  auto *VAM = dyn_cast_or_null<ValueAsMetadata>(MD->getOperand(0).get());
  return VAM ? dyn_cast<Function>(VAM->getValue()) : nullptr;
}

// F.sprig.serial.root: S between __sprig_serial_root_enter and _leave (also when S
// throws), so that the runtime counts this thread as busy. A function of its own, so
// that F, which tail-calls it, keeps no landing pad (a wrapper split off by
// SplitPrefix.cpp stays frameless on its leaves).
static Function *serialRoot(Function &F, Function &S, Constant *Personality) {
  Module &M = *F.getParent();
  LLVMContext &C = F.getContext();
  Type *VoidTy = Type::getVoidTy(C);
  FunctionCallee Enter = M.getOrInsertFunction("__sprig_serial_root_enter", VoidTy);
  FunctionCallee Leave = M.getOrInsertFunction("__sprig_serial_root_leave", VoidTy);
  for (FunctionCallee FC : {Enter, Leave})
    if (auto *Fn = dyn_cast<Function>(FC.getCallee()))
      Fn->setDoesNotThrow();
  Function *R = Function::Create(S.getFunctionType(), GlobalValue::InternalLinkage,
                                 F.getName() + ".sprig.serial.root", M);
  R->setCallingConv(F.getCallingConv());
  R->setAttributes(F.getAttributes());
  R->removeFnAttr(markers::SpawnerAttr);
  R->removeFnAttr(markers::OrigFramePointerAttr);
  R->removeFnAttr("no-realign-stack");
  R->removeFnAttr(Attribute::AlwaysInline);
  R->addFnAttr(Attribute::NoInline);
  R->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  // An exception from S must leave the count too: a cleanup pad, with F's personality
  // (a function compiled without exceptions has none, and S cannot throw then).
  const bool MayThrow = !S.doesNotThrow() && Personality;
  if (MayThrow)
    R->setPersonalityFn(Personality);
  DebugLoc DL;
  if (DISubprogram *SP = F.getSubprogram()) {
    // A subprogram of its own: a call in R cannot carry a location scoped to F.
    DISubprogram *RSP = DISubprogram::getDistinct(
        C, SP->getScope(), R->getName(), R->getName(), SP->getFile(), SP->getLine(),
        SP->getType(), SP->getScopeLine(), SP->getContainingType(), SP->getVirtualIndex(),
        SP->getThisAdjustment(), SP->getFlags() | DINode::FlagArtificial,
        SP->getSPFlags() & ~DISubprogram::SPFlagDefinition | DISubprogram::SPFlagDefinition,
        SP->getUnit());
    R->setSubprogram(RSP);
    DL = DILocation::get(C, SP->getLine(), 0, RSP);
  }
  SmallVector<Value *, 8> Args;
  for (Argument &A : R->args())
    Args.push_back(&A);
  BasicBlock *Entry = BasicBlock::Create(C, "entry", R);
  IRBuilder<> B(Entry);
  B.SetCurrentDebugLocation(DL);
  B.CreateCall(Enter);
  CallBase *Call;
  if (MayThrow) {
    BasicBlock *Ok = BasicBlock::Create(C, "ok", R);
    BasicBlock *Pad = BasicBlock::Create(C, "unwind", R);
    Call = B.CreateInvoke(&S, Ok, Pad, Args);
    IRBuilder<> PB(Pad);
    PB.SetCurrentDebugLocation(DL);
    LandingPadInst *LP =
        PB.CreateLandingPad(StructType::get(C, {B.getPtrTy(), B.getInt32Ty()}), 0);
    LP->setCleanup(true);
    PB.CreateCall(Leave);
    PB.CreateResume(LP);
    B.SetInsertPoint(Ok);
  } else {
    Call = B.CreateCall(&S, Args);
  }
  Call->setCallingConv(S.getCallingConv());
  Call->setAttributes(F.getAttributes().removeFnAttributes(C));
  B.CreateCall(Leave);
  if (R->getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
  return R;
}

bool emitSerialGate(Function &F, Function &S, CallInst *Before, Function *&WorkerEntry) {
  SPRIG_ASSERT(S.hasFnAttribute(markers::SerialAttr) &&
                   (!Before || Before->getFunction() == &F),
               "the gate of F tail-calls F's serial clone, in F");
  Module &M = *F.getParent();
  LLVMContext &C = F.getContext();
  Function *Self = M.getFunction(SelfFn);
  WorkerEntry = nullptr;
  // musttail needs the same prototype and convention. An interprocedural pass would
  // change an internal F's alone (dead arguments, the fast convention), but F is pinned
  // until the late pass (SerialClone.h); one whose differ keeps no gate.
  if (!Self || Self->isDeclaration() || F.isVarArg() ||
      F.getFunctionType() != S.getFunctionType() ||
      F.getCallingConv() != S.getCallingConv())
    return false;
  for (Argument &A : F.args())
    if (A.hasInAllocaAttr() || A.hasPreallocatedAttr() || A.hasSwiftErrorAttr())
      return false;
  // The personality for F.sprig.serial.root's cleanup.
  Constant *Personality = F.hasPersonalityFn()   ? F.getPersonalityFn()
                          : S.hasPersonalityFn() ? S.getPersonalityFn()
                                                 : nullptr;

  Instruction *At = Before;
  if (At) {
    // The worker entry of a split F: a copy of the wrapper (prefix, leaves, the jump into
    // the body) without the gate.
    ValueToValueMapTy VMap;
    WorkerEntry = CloneFunction(&F, VMap);
    WorkerEntry->setName(F.getName() + ".sprig.worker");
    WorkerEntry->setLinkage(GlobalValue::InternalLinkage);
    WorkerEntry->setComdat(nullptr);
    WorkerEntry->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  } else {
    // F's entry, after its allocas (moved to the top first: what follows the gate is no
    // longer the entry block, and an alloca there would be dynamic). No worker entry: a
    // function that stays whole spawns on (nearly) every call, next to which the gate's
    // four instructions are small, and a copy of its whole body would not be.
    BasicBlock &Entry = F.getEntryBlock();
    Instruction *FirstOther = nullptr;
    SmallVector<AllocaInst *, 16> Late;
    for (Instruction &I : Entry) {
      auto *AI = dyn_cast<AllocaInst>(&I);
      if (!AI) {
        if (!FirstOther)
          FirstOther = &I;
      } else if (FirstOther && AI->isStaticAlloca()) {
        Late.push_back(AI);
      }
    }
    for (AllocaInst *AI : Late)
      AI->moveBefore(FirstOther->getIterator());
    At = FirstOther;
  }
  DebugLoc DL;
  if (DISubprogram *SP = F.getSubprogram())
    DL = DILocation::get(C, SP->getLine(), 0, SP);

  BasicBlock *Top = At->getParent();
  BasicBlock *Cont = Top->splitBasicBlock(At->getIterator(), "sprig.parallel");
  BasicBlock *Up = BasicBlock::Create(C, "sprig.no.worker", &F, Cont);
  BasicBlock *Serial = BasicBlock::Create(C, "sprig.serial", &F, Cont);
  Top->getTerminator()->eraseFromParent();
  // The thread's worker first: a worker (every call inside a computation) goes straight
  // on, whatever the gate says, so a saturated pool (the gate up, e.g. always at P=1)
  // costs its own computations nothing. Only a thread that is no worker loads the gate.
  CallInst *W;
  {
    IRBuilder<> B(Top);
    B.SetCurrentDebugLocation(DL);
    W = B.CreateCall(Self);
    MDBuilder MDB(C);
    B.CreateCondBr(B.CreateIsNull(W), Up, Cont, MDB.createUnlikelyBranchWeights());
  }
  {
    IRBuilder<> B(Up);
    B.SetCurrentDebugLocation(DL);
    Type *I32 = B.getInt32Ty();
    auto *Gate = cast<GlobalVariable>(M.getOrInsertGlobal(GateVar, I32));
    LoadInst *G = B.CreateAlignedLoad(I32, Gate, Align(4), "sprig.gate");
    G->setAtomic(AtomicOrdering::Monotonic);
    B.CreateCondBr(B.CreateICmpNE(G, B.getInt32(0)), Serial, Cont);
  }
  {
    IRBuilder<> B(Serial);
    B.SetCurrentDebugLocation(DL);
    SmallVector<Value *, 8> Args;
    for (Argument &A : F.args())
      Args.push_back(&A);
    CallInst *Call = B.CreateCall(serialRoot(F, S, Personality), Args);
    Call->setCallingConv(F.getCallingConv());
    Call->setAttributes(F.getAttributes().removeFnAttributes(C));
    Call->setTailCallKind(CallInst::TCK_MustTail);
    if (F.getReturnType()->isVoidTy())
      B.CreateRetVoid();
    else
      B.CreateRet(Call);
  }
  InlineFunctionInfo IFI;
  InlineFunction(*W, IFI);
  ++NumGates;
  return true;
}

// A spawned indirect call (a function pointer, a virtual call) whose type only one
// address-taken spawner of this module has: that spawner is the one target worth a
// guess. The helper then tests the pointer against it and calls its worker entry when
// they are equal (no gate, no callee-saved registers: PreserveNoneEntries.h), the
// pointer otherwise; two candidates or more keep the plain indirect call.
static Function *onlyIndirectTarget(CallBase &CB, ArrayRef<Function *> Indirect) {
  if (CB.getCalledFunction() || CB.isInlineAsm() || CB.isMustTailCall())
    return nullptr;
  Function *Found = nullptr;
  for (Function *F : Indirect)
    if (F->getFunctionType() == CB.getFunctionType()) {
      if (Found)
        return nullptr;
      Found = F;
    }
  return Found && isLegalToPromote(CB, Found) ? Found : nullptr;
}

void redirectWorkerCalls(Module &M, const DenseMap<Function *, Function *> &WorkerEntry) {
  if (WorkerEntry.empty())
    return;
  // The spawners an indirect call can reach: those with a worker entry whose address is
  // taken (a function pointer, a vtable), in the module's order.
  SmallVector<Function *, 8> Indirect;
  for (Function &Fn : M)
    if (WorkerEntry.count(&Fn) && Fn.hasAddressTaken())
      Indirect.push_back(&Fn);
  auto redirect = [&](CallBase *CB) {
    Function *Callee = CB->getCalledFunction();
    auto It = Callee ? WorkerEntry.find(Callee) : WorkerEntry.end();
    if (It != WorkerEntry.end() && CB->getFunctionType() == It->second->getFunctionType()) {
      CB->setCalledFunction(It->second);
      ++NumWorkerCalls;
    }
  };
  for (Function &Fn : M) {
    if (Fn.isDeclaration())
      continue;
    if (Fn.hasFnAttribute(markers::HelperAttr)) {
      // The spawned call follows the detach: this thread is a worker.
      SmallVector<CallBase *, 2> Spawned;
      for (BasicBlock &BB : Fn)
        for (Instruction &I : BB)
          if (auto *CB = dyn_cast<CallBase>(&I);
              CB && CB->getMetadata(markers::SpawnedCallMD))
            Spawned.push_back(CB);
      for (CallBase *CB : Spawned) {
        if (Function *Only = onlyIndirectTarget(*CB, Indirect))
          CB = &promoteCallWithIfThenElse(*CB, Only);  // the direct copy, metadata kept
        if (CB)
          redirect(CB);
      }
      continue;
    }
    if (!Fn.hasFnAttribute(markers::SpawnerAttr))
      continue;
    // In a lowered body, past a spawn the thread is a worker until the function returns
    // (the first detach binds a root; a stolen continuation runs on its thief).
    SmallVector<CallBase *, 8> Spawns, Calls;
    for (BasicBlock &BB : Fn)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I)) {
          if (callsHelper(CB))
            Spawns.push_back(CB);
          else if (CB->getCalledFunction() && WorkerEntry.count(CB->getCalledFunction()))
            Calls.push_back(CB);
        }
    if (Spawns.empty() || Calls.empty())
      continue;
    DominatorTree DT(Fn);
    for (CallBase *CB : Calls)
      if (any_of(Spawns, [&](CallBase *Sp) { return DT.dominates(Sp, CB); }))
        redirect(CB);
  }
}

void unpinSpawners(Module &M) {
  SmallVector<Function *, 8> Pinned;
  for (Function &Fn : M)
    if (Fn.hasFnAttribute(markers::PinnedAttr))
      Pinned.push_back(&Fn);
  if (Pinned.empty())
    return;
  removeFromUsedLists(M, [](Constant *C) {
    auto *Fn = dyn_cast<Function>(C->stripPointerCasts());
    return Fn && Fn->hasFnAttribute(markers::PinnedAttr);
  });
  for (Function *Fn : Pinned) {
    Fn->removeFnAttr(markers::PinnedAttr);
    Fn->removeDeadConstantUsers();
    if (Fn->use_empty() && Fn->hasLocalLinkage())
      Fn->eraseFromParent();
  }
}

void finishSerialClones(Module &M) {
  removeFromUsedLists(M, [](Constant *C) {
    auto *Fn = dyn_cast<Function>(C->stripPointerCasts());
    return Fn && (Fn->hasFnAttribute(markers::SerialAttr) || Fn->getName() == SelfFn);
  });
  // Clones reachable from outside the clones (a gate; an inlined call site in F): keep
  // those and whatever clones they call; delete the rest (recursive clones are their
  // own users).
  SmallVector<Function *, 16> Clones, Work;
  SmallPtrSet<Function *, 16> Live;
  for (Function &Fn : M) {
    if (Fn.hasFnAttribute(markers::SerialAttr))
      Clones.push_back(&Fn);
    Fn.setMetadata(markers::SerialMD, nullptr);  // a spawner the late pass did not see
  }
  // The used list's old initializer may linger as a dead constant user.
  for (Function *Fn : Clones)
    Fn->removeDeadConstantUsers();
  auto usedOutside = [](Function *Fn) {
    for (User *U : Fn->users()) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I || !I->getFunction()->hasFnAttribute(markers::SerialAttr))
        return true;
    }
    return false;
  };
  for (Function *Fn : Clones)
    if (usedOutside(Fn) && Live.insert(Fn).second)
      Work.push_back(Fn);
  while (!Work.empty()) {
    Function *Fn = Work.pop_back_val();
    for (BasicBlock &BB : *Fn)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (Function *Callee = CB->getCalledFunction();
              Callee && Callee->hasFnAttribute(markers::SerialAttr) &&
              Live.insert(Callee).second)
            Work.push_back(Callee);
  }
  for (Function *Fn : Clones)
    if (!Live.count(Fn))
      Fn->dropAllReferences();
  for (Function *Fn : Clones)
    if (!Live.count(Fn))
      Fn->eraseFromParent();
  if (Function *Self = M.getFunction(SelfFn)) {
    Self->removeDeadConstantUsers();
    if (Self->use_empty())
      Self->eraseFromParent();
  }
}

}  // namespace sprig
