//===- plugin/modes/SerialHooks.cpp - the serial elision with a tool's hooks ===//
//
// See SerialHooks.h.
//===----------------------------------------------------------------------===//
#include "SerialHooks.h"
#include "Markers.h"
#include "early/SerialClone.h"
#include "lower/LoweringContext.h"
#include "lower/RegionValues.h"
#include "lower/SpawnShape.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace sprig {

// The locals private to each spawned statement, by its end marker: the statement's
// blocks are delimited as lower/OutlineSpawn.cpp delimits them (split after the begin
// marker and at the end marker; SpawnRegion), and lower/RegionValues.h says which locals
// only they use. A statement whose begin marker is an invoke into a shared block is skipped
// (no locals listed: correct, only less precise for the tool).
static DenseMap<CallBase *, SmallVector<AllocaInst *, 4>> privateLocals(MarkerContext &Ctx,
                                                                        Function &F) {
  DenseMap<CallBase *, SmallVector<AllocaInst *, 4>> Out;
  SmallVector<SpawnMarkers, 8> Spawns;
  SmallVector<CallBase *, 8> Syncs;
  if (collectMarkers(F, Ctx.Markers, Spawns, Syncs))
    return Out;
  for (SpawnMarkers &S : Spawns) {
    if (!S.begin || !S.end)
      continue;
    BasicBlock *Entry;
    if (auto *II = dyn_cast<InvokeInst>(S.begin)) {
      Entry = II->getNormalDest();
      if (!Entry->getSinglePredecessor())
        continue;
    } else {
      Entry = S.begin->getParent()->splitBasicBlock(std::next(S.begin->getIterator()),
                                                    "sprig.stmt");
    }
    BasicBlock *Exit =
        S.end->getParent()->splitBasicBlock(S.end->getIterator(), "sprig.cont");
    SpawnRegion R;
    R.compute(F, Entry, Exit);
    auto &List = Out[S.end];
    for (Instruction &I : F.getEntryBlock())
      if (auto *AI = dyn_cast<AllocaInst>(&I); AI && privateToRegion(AI, R))
        List.push_back(AI);
  }
  return Out;
}

// A cleanup landing pad for every call of F that may throw and has none (F destroys
// nothing on that path, so Clang gave it none), for the hooks at an exception's exit.
// The marker calls stay calls (stripMarkers removes them); a function that cannot
// throw is left alone.
static bool isMarkerCall(const MarkerFns &Mk, const CallInst *CI) {
  const Function *Fn = CI->getCalledFunction();
  return Fn && (Fn == Mk.Begin || Fn == Mk.End || Fn == Mk.EndV || Fn == Mk.Sync ||
                Fn == Mk.LhsBegin || Mk.Tags.count(Fn) || Mk.Lhs.count(Fn));
}

static void addExceptionExits(Function &F, const MarkerFns &Mk,
                              SmallVectorImpl<LandingPadInst *> &Pads,
                              SmallVectorImpl<ResumeInst *> &Resumes) {
  if (F.doesNotThrow())
    return;
  SmallVector<CallInst *, 16> Throwing;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I);
          CI && !CI->doesNotThrow() && !CI->isInlineAsm() && !isa<IntrinsicInst>(CI) &&
          !CI->isMustTailCall() && !isMarkerCall(Mk, CI))
        Throwing.push_back(CI);
  if (Throwing.empty())
    return;
  LLVMContext &C = F.getContext();
  if (!F.hasPersonalityFn()) {
    // Clang gives none to a function without EH constructs. One that may throw is C++
    // built with exceptions (C and -fno-exceptions make every function nounwind).
    Module &M = *F.getParent();
    F.setPersonalityFn(cast<Constant>(
        M.getOrInsertFunction("__gxx_personality_v0",
                              FunctionType::get(Type::getInt32Ty(C), /*isVarArg=*/true))
            .getCallee()));
  }
  BasicBlock *Pad = BasicBlock::Create(C, "sprig.tool.unwind", &F);
  IRBuilder<> B(Pad);
  B.SetCurrentDebugLocation(Throwing.front()->getDebugLoc());
  LandingPadInst *LP =
      B.CreateLandingPad(StructType::get(C, {B.getPtrTy(), B.getInt32Ty()}), 0);
  LP->setCleanup(true);
  Resumes.push_back(B.CreateResume(LP));
  Pads.push_back(LP);
  for (CallInst *CI : Throwing)
    changeToInvokeAndSplitBasicBlock(CI, Pad);
}

static bool lowerFunction(MarkerContext &Ctx, Function &F, SerialHooks *H) {
  AssertFunctionScope Scope(F);
  MarkerFns &Mk = Ctx.Markers;
  DenseMap<CallBase *, SmallVector<AllocaInst *, 4>> Private;
  if (H && H->wantsPrivateLocals())
    Private = privateLocals(Ctx, F);
  SmallVector<CallBase *, 8> Tags, Ends, Syncs;
  SmallVector<ReturnInst *, 4> Rets;
  SmallVector<ResumeInst *, 4> Resumes;
  SmallVector<LandingPadInst *, 4> Pads;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (auto *LP = dyn_cast<LandingPadInst>(&I))
        Pads.push_back(LP);
      if (auto *RI = dyn_cast<ResumeInst>(&I))
        Resumes.push_back(RI);
      if (Mk.isTag(&I))
        Tags.push_back(cast<CallBase>(&I));
      else if (Mk.isEnd(&I))
        Ends.push_back(cast<CallBase>(&I));
      else if (Mk.isSync(&I))
        Syncs.push_back(cast<CallBase>(&I));
      else if (auto *R = dyn_cast<ReturnInst>(&I))
        Rets.push_back(R);
    }
  if (!Tags.empty() && H) {
    if (H->wantsExceptionExits())
      addExceptionExits(F, Mk, Pads, Resumes);
    BasicBlock &Entry = F.getEntryBlock();
    BasicBlock::iterator At = Entry.getFirstInsertionPt();
    while (At != Entry.end() && isa<AllocaInst>(*At))
      ++At;
    IRBuilder<> EB(&Entry, At);
    H->enter(EB);
    for (CallBase *Tag : Tags) {
      CallBase *Call = findSpawnedCall(Tag);
      if (!Call) {
        Ctx.fail(F, "internal error: cannot identify the spawned call", Tag->getDebugLoc());
        return false;
      }
      IRBuilder<> B(Call);
      H->spawn(B, Call);
    }
    for (CallBase *E : Ends) {
      IRBuilder<> B(E);
      auto It = Private.find(E);
      H->spawned(B, It == Private.end() ? ArrayRef<AllocaInst *>() : ArrayRef(It->second));
    }
    for (LandingPadInst *LP : Pads) {
      IRBuilder<> B(LP->getParent(), LP->getParent()->getFirstInsertionPt());
      H->landingPad(B);
    }
    for (ResumeInst *RI : Resumes) {
      IRBuilder<> B(RI);
      H->resume(B);
    }
    for (CallBase *Y : Syncs) {
      IRBuilder<> B(Y);
      H->sync(B);
    }
    for (ReturnInst *R : Rets) {
      IRBuilder<> B(R);
      H->leave(B);
    }
  }
  stripMarkers(F, Mk);
  return true;
}

bool lowerToSerialWithHooks(Module &M,
                            function_ref<std::unique_ptr<SerialHooks>(Function &)> Make) {
  MarkerContext Ctx(M);
  MarkerFns &Mk = Ctx.Markers;
  Mk.scopesToSyncs(M);  // a scope's exit is a sync here (MarkerFns::scopesToSyncs)
  // sprig::cancel() cancels nothing in a serial run (every child runs): dropped, after
  // the same check of where it is called as the parallel lowering's.
  if (!Mk.checkCancels(
          [&](Function &F) {
            return any_of(instructions(F), [&](Instruction &I) { return Mk.isTag(&I); });
          },
          [&](CallBase &CB) {
            Ctx.fail(*CB.getFunction(), cancelMisuseMessage(*CB.getFunction()),
                     CB.getDebugLoc());
          },
          /*Drop=*/true))
    return false;
  SmallVector<Function *, 16> Work;
  SmallPtrSet<Function *, 16> Seen;
  SmallVector<Function *, 16> Markers = {Mk.Begin, Mk.End, Mk.EndV, Mk.Sync, Mk.LhsBegin};
  for (Function *Fn : Mk.Tags)
    Markers.push_back(Fn);
  for (Function *Fn : Mk.Lhs)
    Markers.push_back(Fn);
  for (Function *Marker : Markers)
    if (Marker)
      for (User *U : Marker->users())
        if (auto *CB = dyn_cast<CallBase>(U))
          if (Seen.insert(CB->getFunction()).second)
            Work.push_back(CB->getFunction());
  for (Function *F : Work) {
    bool Spawns = any_of(instructions(*F), [&](Instruction &I) { return Mk.isTag(&I); });
    std::unique_ptr<SerialHooks> H = Spawns ? Make(*F) : nullptr;
    if (!lowerFunction(Ctx, *F, H.get()))
      return false;
  }
  for (Function *Fn : Markers)
    if (Fn && Fn->use_empty())
      Fn->eraseFromParent();
  return true;
}

bool SerialToolTarget::lowerMarkers(Module &M) {
  lowerToSerialWithHooks(M, [&](Function &F) { return hooksFor(M, F); });
  addToolConstructor(M, constructorName(), initFunction());
  return true;
}

void addToolConstructor(Module &M, StringRef Name, StringRef Init) {
  LLVMContext &C = M.getContext();
  Type *VoidTy = Type::getVoidTy(C);
  Function *Ctor = Function::Create(FunctionType::get(VoidTy, false),
                                    GlobalValue::InternalLinkage, Name, M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Ctor));
  B.CreateCall(M.getOrInsertFunction(Init, VoidTy));
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);
}

}  // namespace sprig
