//===- plugin/lower/FrameFixups.cpp - keep a spawning function's frame resumable ===//
#include "FrameFixups.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace sprig {

void dropLifetimeMarkers(AllocaInst *AI) {
  SmallVector<Instruction *, 4> Markers;
  for (User *U : AI->users())
    if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
      Markers.push_back(II);
  for (Instruction *I : Markers)
    I->eraseFromParent();
}

void fixOverAlignedAllocas(Module &M, Function &F) {
  Type *I8 = Type::getInt8Ty(M.getContext());
  Type *PtrTy = PointerType::getUnqual(M.getContext());
  Type *I64 = Type::getInt64Ty(M.getContext());
  // Stack realignment would address locals from %rsp, which moves after a steal. Keep
  // every alloca 16-aligned and round the address up instead.
  SmallVector<AllocaInst *, 4> Over;
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (AI->getAlign().value() > 16 && AI->isStaticAlloca())
        Over.push_back(AI);
  const DataLayout &DL = M.getDataLayout();
  for (AllocaInst *AI : Over) {
    uint64_t Align = AI->getAlign().value();
    std::optional<TypeSize> Size = AI->getAllocationSize(DL);
    if (!Size || Size->isScalable())
      continue;
    IRBuilder<> B(AI);
    auto *Raw = B.CreateAlloca(ArrayType::get(I8, Size->getFixedValue() + Align), nullptr,
                               AI->getName() + ".raw");
    Raw->setAlignment(llvm::Align(16));
    B.SetInsertPoint(AI->getNextNode());
    Value *Bumped = B.CreateConstInBoundsGEP1_64(I8, Raw, Align - 1);
    Function *PM = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::ptrmask, {PtrTy, I64});
    Value *Aligned = B.CreateCall(PM, {Bumped, B.getInt64(~(Align - 1))}, AI->getName());
    // Lifetime markers must name an alloca: drop them (the raw alloca then lives for the
    // whole call, as a spawning function's shared locals do anyway).
    dropLifetimeMarkers(AI);
    AI->replaceAllUsesWith(Aligned);
    AI->eraseFromParent();
  }
}

// alloca and VLAs in F (runtime/alloca.cpp): a stolen continuation runs on the thief's
// stack and a sync moves it back, so stack memory allocated dynamically could vanish
// under a live pointer. Each dynamic alloca becomes a block of a per-invocation heap
// arena (a local of F, addressed from the frame pointer like every local); Clang's
// stacksave/stackrestore around a VLA's scope become a mark and a release of the arena.
AllocaInst *moveDynamicAllocasToHeap(ModuleContext &Ctx, Function &F) {
  SmallVector<AllocaInst *, 4> Dyn;
  SmallVector<IntrinsicInst *, 4> Saves, Restores;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *AI = dyn_cast<AllocaInst>(&I); AI && !AI->isStaticAlloca())
        Dyn.push_back(AI);
      else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
        if (II->getIntrinsicID() == Intrinsic::stacksave)
          Saves.push_back(II);
        else if (II->getIntrinsicID() == Intrinsic::stackrestore)
          Restores.push_back(II);
      }
  if (Dyn.empty() && Restores.empty())
    return nullptr;
  Type *PtrTy = Ctx.PtrTy;
  const DataLayout &DL = Ctx.M.getDataLayout();
  BasicBlock &EntryBB = F.getEntryBlock();
  IRBuilder<> EB(&EntryBB, EntryBB.begin());
  AllocaInst *Arena = EB.CreateAlloca(PtrTy, nullptr, "sprig.arena");
  EB.SetInsertPoint(Arena->getNextNode());
  EB.CreateStore(ConstantPointerNull::get(cast<PointerType>(PtrTy)), Arena);
  FunctionCallee Alloc = Ctx.ABI.allocaFn();
  FunctionCallee Release = Ctx.ABI.allocaReleaseFn();
  for (AllocaInst *AI : Dyn) {
    IRBuilder<> B(AI);
    Value *N = B.CreateZExtOrTrunc(AI->getArraySize(), Ctx.I64);
    Value *Bytes = B.CreateMul(N, B.getInt64(DL.getTypeAllocSize(AI->getAllocatedType())));
    CallInst *P = B.CreateCall(Alloc, {Arena, Bytes, B.getInt64(AI->getAlign().value())},
                               AI->getName());
    dropLifetimeMarkers(AI);
    AI->replaceAllUsesWith(P);
    AI->eraseFromParent();
  }
  for (IntrinsicInst *II : Saves) {
    IRBuilder<> B(II);
    II->replaceAllUsesWith(B.CreateLoad(PtrTy, Arena, "sprig.arena.mark"));
    II->eraseFromParent();
  }
  for (IntrinsicInst *II : Restores) {
    IRBuilder<> B(II);
    B.CreateCall(Release, {Arena, II->getArgOperand(0)});
    II->eraseFromParent();
  }
  return Arena;
}

void releaseArenaAtExits(ModuleContext &Ctx, Function &F, AllocaInst *Arena) {
  FunctionCallee Release = Ctx.ABI.allocaReleaseFn();
  SmallVector<Instruction *, 8> Exits;
  for (BasicBlock &BB : F)
    if (isa<ReturnInst>(BB.getTerminator()) || isa<ResumeInst>(BB.getTerminator()))
      Exits.push_back(BB.getTerminator());
  for (Instruction *T : Exits) {
    IRBuilder<> B(T);
    Value *Head = B.CreateLoad(Ctx.PtrTy, Arena, "sprig.arena.head");
    Instruction *ThenT =
        SplitBlockAndInsertIfThen(B.CreateIsNotNull(Head), T->getIterator(), false);
    IRBuilder<> TB(ThenT);
    TB.CreateCall(Release, {Arena, ConstantPointerNull::get(cast<PointerType>(Ctx.PtrTy))});
  }
}

// See SpawnFrame::resumedEdge (RuntimeABI.cpp): on every resumed path, the locals helpers
// write through pointers escape.
void escapeSharedOnResume(ModuleContext &Ctx, SpawnFrame &Fr) {
  SmallSetVector<Value *, 16> Shared;
  for (BasicBlock &BB : Fr.F)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I); CB && callsHelper(CB))
        for (Value *A : CB->args())
          if (A->getType()->isPointerTy() && !isa<Constant>(A))
            Shared.insert(A);  // locals, and memory only F knows of (new'd, say)
  auto *UseTy = FunctionType::get(Ctx.VoidTy, {Ctx.PtrTy}, false);
  InlineAsm *Use = InlineAsm::get(UseTy, "", "r,~{memory}", /*hasSideEffects=*/true);
  // A pointer made on some paths to a resumed block only (a VLA's or an alloca's memory
  // from the arena, made after an earlier spawn or in a loop body whose sync comes
  // after it: gen.py --lang c seed 11; test/lit/regress/vla-after-spawn-resume-escape.c)
  // cannot be used there: it escapes where it is made instead, and the resumed block
  // clobbers memory, which covers every escaped object.
  DominatorTree DT(Fr.F);
  SmallPtrSet<Value *, 8> EscapedAtDef;
  for (BasicBlock *BB : Fr.Resumed)
    if (BB->getParent() == &Fr.F) {
      IRBuilder<> RB(BB->getTerminator());
      bool Clobber = false;
      for (Value *A : Shared) {
        auto *I = dyn_cast<Instruction>(A);
        if (!I || DT.dominates(I, BB->getTerminator())) {
          RB.CreateCall(Use, {A});
          continue;
        }
        Clobber = true;
        if (!EscapedAtDef.insert(A).second)
          continue;
        if (std::optional<BasicBlock::iterator> After = I->getInsertionPointAfterDef())
          IRBuilder<>(I->getParent(), *After).CreateCall(Use, {A});
      }
      if (Clobber)
        RB.CreateCall(InlineAsm::get(FunctionType::get(Ctx.VoidTy, false), "", "~{memory}",
                                     /*hasSideEffects=*/true));
    }
}

void markSpawner(Function &F) {
  if (F.hasFnAttribute("frame-pointer"))  // for a frameless wrapper (late/SplitPrefix.h)
    F.addFnAttr(markers::OrigFramePointerAttr,
                F.getFnAttribute("frame-pointer").getValueAsString());
  F.addFnAttr("frame-pointer", "all");
  F.addFnAttr("no-realign-stack");
  F.addFnAttr(markers::SpawnerAttr);  // for the late pass (over-aligned allocas, split)
  F.removeFnAttr(Attribute::AlwaysInline);
  F.removeFnAttr(Attribute::InlineHint);
  F.addFnAttr(Attribute::NoInline);
}

}  // namespace sprig
