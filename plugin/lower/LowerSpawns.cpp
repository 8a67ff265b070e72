//===- plugin/lower/LowerSpawns.cpp - the driver: lower spawn/sync markers ===//
//
// The parallel targets' lowerMarkers (ParallelTarget.h), in sprig-lower: first in the
// pipeline (PipelineStartEP, every -O level, and the pre-link half of -flto; or
// `opt -passes=sprig-lower`), on Clang's IR before any optimisation, once the parallel
// loops are outlined (early/ParallelLoops.h). First each spawning function gets its
// serial clone (early/SerialClone.h). Then, for each function F with markers
// (Markers.h):
//
//  1. Frame: a sprig_frame alloca (!sprig.frame), only `flags = 0` at entry, and the
//     "spawned on this path" flag (SpawnFrame).
//  2. Each spawn interval is outlined into a helper (OutlineSpawn.cpp), which also
//     enters the frame at the path's first spawn and forces frame-pointer addressing.
//  3. Landing pads left in F wait for the children (SpawnEH.cpp).
//  4. __sprig_sync() becomes the inline sync (RuntimeABI::emitSyncWait; a child's
//     exception is rethrown), except where no spawn reaches it or it waits for nothing.
//  5. Every exit: a sync before a resume, leave_frame before leaving; calls that may throw
//     outside any EH scope get an exit pad; alloca arenas are released.
//  6. Frame conditions (FrameFixups.cpp).
// The late passes (late/LatePasses.h) fix what inlining brings in and split off the
// paths that never spawn (late/SplitPrefix.h).
//===----------------------------------------------------------------------===//
#include "LowerSpawns.h"
#include "FrameFixups.h"
#include "OutlineSpawn.h"
#include "ParallelTarget.h"
#include "SpawnEH.h"
#include "SpawnShape.h"
#include "early/SerialClone.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-lower"
SPRIG_STATISTIC(NumSpawns, "Spawns lowered");
SPRIG_STATISTIC(NumSpawners, "Spawning functions lowered");
SPRIG_STATISTIC(NumSyncs, "Syncs lowered (after dropping those that wait for nothing)");

namespace sprig {
namespace {

// A sync or scope-exit marker taken out of its block: the code before it stays in BB,
// the code after it starts at Cont (a block of its own, also when the marker was an
// invoke whose normal destination has other predecessors), OldTerm is BB's terminator
// to be replaced by the wait (the marker itself if it was an invoke), Unwind the
// invoke's landing pad (null for a call), which loses BB as a predecessor.
struct MarkerSplit {
  BasicBlock *Cont = nullptr, *Unwind = nullptr;
  Instruction *OldTerm = nullptr;
  DebugLoc DL;
};
MarkerSplit splitAtMarker(ModuleContext &Ctx, Function &F, CallBase *Marker,
                          const char *DoneName) {
  MarkerSplit S;
  BasicBlock *BB = Marker->getParent();
  if (auto *II = dyn_cast<InvokeInst>(Marker)) {
    S.Unwind = II->getUnwindDest();
    BasicBlock *Cont = II->getNormalDest();
    S.Cont = BasicBlock::Create(Ctx.C, DoneName, &F, Cont);
    BranchInst::Create(Cont, S.Cont);
    for (PHINode &P : Cont->phis())
      P.replaceIncomingBlockWith(BB, S.Cont);
  } else {
    S.Cont = BB->splitBasicBlock(std::next(Marker->getIterator()), DoneName);
  }
  S.DL = Marker->getDebugLoc();
  S.OldTerm = BB->getTerminator();
  if (S.Unwind)
    S.Unwind->removePredecessor(BB);
  if (S.OldTerm != Marker)
    Marker->eraseFromParent();
  return S;
}

// The rethrow of a child's exception in Pending, the wait's block for a frame holding
// one, then on to Cont (an invoke into the marker's landing pad if it had one).
void emitPendingRethrow(ModuleContext &Ctx, SpawnFrame &Fr, BasicBlock *Pending,
                        const MarkerSplit &S) {
  IRBuilder<> B(Pending);
  B.SetCurrentDebugLocation(S.DL);
  if (S.Unwind)
    B.CreateInvoke(Ctx.ABI.Rethrow, S.Cont, S.Unwind, {Fr.SF});
  else {
    B.CreateCall(Ctx.ABI.Rethrow, {Fr.SF});
    B.CreateBr(S.Cont);
  }
}

// A sync marker becomes the inline sync:
//   if (flags & (STOLEN|EXCEPTION)) {
//     if ((flags & STOLEN) && setjmp(ctx) == 0) __sprig_sync_suspend(sf);   // no return
//     if (flags & EXCEPTION) __sprig_rethrow(sf);
//   }
void emitSync(ModuleContext &Ctx, SpawnFrame &Fr, CallBase *Marker, bool Rethrowing) {
  MarkerSplit S = splitAtMarker(Ctx, Fr.F, Marker, "sprig.sync.done");
  if (BasicBlock *Pending =
          Ctx.ABI.emitSyncWait(Fr, S.OldTerm, S.Cont, S.DL, "sprig.sync", Rethrowing))
    emitPendingRethrow(Ctx, Fr, Pending, S);
}

// A scope's exit (__sprig_scope_exit, Markers.h) becomes the inline wait of
// RuntimeABI::emitScopeWait, with a child's exception rethrown.
void emitScopeExit(ModuleContext &Ctx, SpawnFrame &Fr, CallBase *Marker, Value *Scope) {
  MarkerSplit S = splitAtMarker(Ctx, Fr.F, Marker, "sprig.scope.done");
  emitPendingRethrow(Ctx, Fr, Ctx.ABI.emitScopeWait(Fr, Scope, S.OldTerm, S.Cont, S.DL), S);
}

// The scope markers of F: each __sprig_spawn_scope(id, k) goes, and each scope k with a
// spawn gets its record (sprig_scope), zeroed at F's entry; ScopeRec maps k to it.
void collectScopes(ModuleContext &Ctx, SpawnFrame &Fr,
                   DenseMap<uint64_t, AllocaInst *> &ScopeRec) {
  MarkerFns &Mk = Ctx.Markers;
  if (!Mk.SpawnScope)
    return;
  SmallVector<CallBase *, 8> Marks;
  for (BasicBlock &BB : Fr.F)
    for (Instruction &I : BB)
      if (MarkerFns::calls(&I, Mk.SpawnScope))
        Marks.push_back(cast<CallBase>(&I));
  if (Marks.empty())
    return;
  BasicBlock &EntryBB = Fr.F.getEntryBlock();
  auto It = EntryBB.begin();
  while (isa<AllocaInst>(&*It))
    ++It;
  IRBuilder<> EB(&EntryBB, It);
  for (CallBase *CB : Marks) {
    uint64_t Spawn = cast<ConstantInt>(CB->getArgOperand(0))->getZExtValue();
    uint64_t K = cast<ConstantInt>(CB->getArgOperand(1))->getZExtValue();
    AllocaInst *&Rec = ScopeRec[K];
    if (!Rec) {
      IRBuilder<> AB(&EntryBB, EntryBB.begin());
      Rec = AB.CreateAlloca(ArrayType::get(Ctx.I8, RuntimeABI::ScopeSize), nullptr,
                            "sprig.scope");
      Rec->setAlignment(Align(8));
      // sprig_scope_init: join and stolen.
      EB.CreateStore(EB.getInt64(0), Rec);
      EB.CreateStore(EB.getInt32(0),
                     EB.CreateConstInBoundsGEP1_64(Ctx.I8, Rec, RuntimeABI::ScopeStolen));
    }
    Fr.ScopeOfSpawn[Spawn] = Rec;
    replaceMarkerCall(CB);
  }
}

// Each sprig::cancel() of F becomes __sprig_cancel(frame), after the frame's entry if
// no spawn came before on its path (the runtime marks the frame; its next sync, reached
// then as after a spawn, ends the cancel: runtime/cancel.cpp).
void lowerCancels(ModuleContext &Ctx, SpawnFrame &Fr) {
  if (!Ctx.Markers.Cancel)
    return;
  SmallVector<CallBase *, 4> Calls;
  for (BasicBlock &BB : Fr.F)
    for (Instruction &I : BB)
      if (MarkerFns::calls(&I, Ctx.Markers.Cancel))
        Calls.push_back(cast<CallBase>(&I));
  for (CallBase *CB : Calls) {
    enterFrameIfFirst(Ctx, Fr, CB, CB->getDebugLoc());
    replaceMarkerWith(CB, Ctx.ABI.Cancel, {Fr.SF});
  }
}

// 1. The frame, in F's entry block.
void createFrame(ModuleContext &Ctx, SpawnFrame &Fr) {
  BasicBlock &EntryBB = Fr.F.getEntryBlock();
  IRBuilder<> EB(&EntryBB, EntryBB.begin());
  AllocaInst *SF = EB.CreateAlloca(ArrayType::get(Ctx.I8, RuntimeABI::FrameSize), nullptr,
                                   "sprig.frame");
  SF->setAlignment(Align(16));
  auto It = EntryBB.begin();
  while (isa<AllocaInst>(&*It))
    ++It;
  EB.SetInsertPoint(&EntryBB, It);
  if (auto *DLoc = EntryBB.getTerminator())
    EB.SetCurrentDebugLocation(DLoc->getDebugLoc());
  // Only `flags` is set at entry: a call that returns before spawning (the leaves of a
  // recursion) pays one store, which the optimiser forwards to the flag tests on those
  // paths, so they fold away. The rest of the frame is entered at the first spawn
  // (outlineSpawn), where the dynamic alloca that forces frame-pointer addressing also
  // sits, so nothing at entry clobbers memory.
  EB.CreateStore(EB.getInt32(0), SF);
  SF->setMetadata(markers::FrameMD,
                  MDNode::get(Ctx.C, {}));  // found again by the late pass
  {
    IRBuilder<> AB(&EntryBB, EntryBB.begin());
    Fr.Spawned = AB.CreateAlloca(AB.getInt1Ty(), nullptr, "sprig.spawned");
  }
  EB.CreateStore(EB.getFalse(), Fr.Spawned);
  Fr.SF = SF;
  // What the lowering relies on of the frame: the runtime's sprig_frame at its start,
  // 16-aligned (the alignment of ctx's words and of the locals moved in after it).
  SPRIG_ASSERT(SF->getAlign().value() >= 16 &&
                   SF->getAllocationSize(Ctx.M.getDataLayout())->getFixedValue() ==
                       RuntimeABI::FrameSize,
               "the frame is a 16-aligned sprig_frame");
}

void lowerFunction(ModuleContext &Ctx, Function &F) {
  AssertFunctionScope Scope(F);
  SmallVector<SpawnMarkers, 8> Spawns;
  SmallVector<CallBase *, 8> Syncs;
  if (std::optional<ShapeError> E = collectMarkers(F, Ctx.Markers, Spawns, Syncs))
    return Ctx.fail(F, E->message, E->loc);
  // Markers well formed (collectMarkers reports the rest): each spawn a begin and an end
  // of the same id.
  for (SpawnMarkers &S : Spawns)
    SPRIG_ASSERT(S.begin && S.end &&
                     cast<ConstantInt>(S.begin->getArgOperand(0))->getZExtValue() ==
                         cast<ConstantInt>(S.end->getArgOperand(0))->getZExtValue(),
                 "each spawn has a begin and an end marker with one id");
  auto DropScopeMarkers = [&] {
    for (Function *Fn : {Ctx.Markers.ScopeExit, Ctx.Markers.SpawnScope})
      if (Fn)
        for (User *U : make_early_inc_range(Fn->users()))
          if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getFunction() == &F)
            replaceMarkerCall(CB);
  };
  if (Spawns.empty()) {
    for (CallBase *S : Syncs)
      replaceMarkerCall(S);
    DropScopeMarkers();
    return;
  }
  SPRIG_DEBUG(dbgs() << "sprig: lowering " << F.getName() << ": " << Spawns.size()
                     << " spawns, " << Syncs.size() << " syncs\n");
  ++NumSpawners;

  // alloca / VLAs: from a heap arena, not the stack (a continuation changes stacks).
  AllocaInst *Arena = moveDynamicAllocasToHeap(Ctx, F);

  SpawnFrame Fr(F);
  createFrame(Ctx, Fr);
  DenseMap<uint64_t, AllocaInst *> ScopeRec;
  collectScopes(Ctx, Fr, ScopeRec);
  lowerCancels(Ctx, Fr);

  // 2. Spawns.
  for (SpawnMarkers &S : Spawns) {
    if (!outlineSpawn(Ctx, Fr, S))
      return;
    ++NumSpawns;
  }
  removeUnreachableBlocks(F);
  // That also folded constant branches (`if (0) { label: ... }` keeps its body only for
  // the label) and deleted what became unreachable, syncs included: collect them again.
  Syncs.clear();
  collectSyncs(F, Ctx.Markers, Syncs);
  // Cold blocks: those no spawn reaches. There the flags are still 0: a sync waits for
  // nothing, leaving the frame does nothing, so none is emitted. A function whose leaves
  // return before spawning then keeps them free of frame code (and the late pass can
  // split them off, late/SplitPrefix.h).
  SmallPtrSet<BasicBlock *, 32> Cold = coldBlocks(F, Ctx.ABI.Enter.getCallee());
  // 3. Landing pads left in F (the spawned statements' own went to the helpers).
  SmallVector<LandingPadInst *, 8> LPads;
  for (BasicBlock &BB : F)
    if (auto *LP = dyn_cast<LandingPadInst>(BB.getFirstNonPHIIt()); LP && !Cold.count(&BB))
      LPads.push_back(LP);
  for (LandingPadInst *LP : LPads)
    syncAtLandingPad(Ctx, Fr, LP);
  // 4. Syncs (explicit and the implicit ones the rewrite placed before returns). A sync
  // reached only straight from another sync, with no spawn in between, waits for
  // nothing (`[[sprig::sync]]; return x + y;` gets an implicit sync too): drop it.
  SmallPtrSet<CallBase *, 8> SyncSet(Syncs.begin(), Syncs.end());
  SmallVector<CallBase *, 8> Needed;
  for (CallBase *S : Syncs) {
    if (Cold.count(S->getParent()) || isRedundantSync(S, SyncSet)) {
      SyncSet.erase(S);
      replaceMarkerCall(S);
    } else
      Needed.push_back(S);
  }
  for (CallBase *S : Needed)
    emitSync(Ctx, Fr, S, /*Rethrowing=*/true);
  NumSyncs += Needed.size();
  // Scopes' exits: the wait for the scope's own children, where a spawn may reach it
  // and the scope has spawns.
  if (Ctx.Markers.ScopeExit) {
    SmallVector<CallBase *, 8> Exits;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (MarkerFns::calls(&I, Ctx.Markers.ScopeExit))
          Exits.push_back(cast<CallBase>(&I));
    for (CallBase *E : Exits) {
      AllocaInst *Rec =
          ScopeRec.lookup(cast<ConstantInt>(E->getArgOperand(0))->getZExtValue());
      if (!Rec || Cold.count(E->getParent()))
        replaceMarkerCall(E);
      else
        emitScopeExit(Ctx, Fr, E, Rec);
    }
  }
  // 5. Exits.
  SmallVector<Instruction *, 8> Exits;
  for (BasicBlock &BB : F)
    if ((isa<ReturnInst>(BB.getTerminator()) || isa<ResumeInst>(BB.getTerminator())) &&
        !Cold.count(&BB))
      Exits.push_back(BB.getTerminator());
  for (Instruction *T : Exits) {
    if (isa<ResumeInst>(T)) {
      // An exception leaves F: wait for the children first (they may use F's frame).
      CallInst *Mark = CallInst::Create(Ctx.Markers.Sync, {}, "", T->getIterator());
      emitSync(Ctx, Fr, Mark, /*Rethrowing=*/false);  // T is now in the continuation
    }
    Fr.ifSpawned(T, [&](IRBuilder<> &RB) {
      RB.SetCurrentDebugLocation(T->getDebugLoc());
      RB.CreateCall(Ctx.ABI.LeaveFrame, {Fr.SF});
    });
  }
  // Exceptions leaving F from calls outside its EH scopes (from anywhere, when the
  // arena must be released on the way out).
  addExitPad(Ctx, Fr, Arena ? SmallPtrSet<BasicBlock *, 32>() : Cold);
  if (Arena)
    releaseArenaAtExits(Ctx, F, Arena);
  // On every resumed path, the locals helpers write through pointers escape.
  escapeSharedOnResume(Ctx, Fr);
  // 6. Frame conditions.
  fixOverAlignedAllocas(Ctx.M, F);
  markSpawner(F);
  removeUnreachableBlocks(F);
}

}  // namespace

bool lowerSpawns(Module &M, ParallelTarget &Target) {
  ModuleContext Ctx(M, Target);
  MarkerFns &Mk = Ctx.Markers;
  // sprig::cancel() where no frame lowered it: in a function that spawns nothing.
  auto ReportMisplacedCancels = [&] {
    Mk.checkCancels([](Function &) { return false; },
                    [&](CallBase &CB) {
                      Ctx.fail(*CB.getFunction(), cancelMisuseMessage(*CB.getFunction()),
                               CB.getDebugLoc());
                    },
                    /*Drop=*/false);
  };
  if (!Mk.Begin && !Mk.Sync) {
    ReportMisplacedCancels();
    return Ctx.Failed;
  }
  if (!Mk.Sync)  // code after a throw may have dropped every sync: declare it for exits
    Mk.Sync = Function::Create(FunctionType::get(Ctx.VoidTy, false),
                               GlobalValue::ExternalLinkage, markers::Sync, M);

  SmallVector<Function *, 16> Work;
  SmallPtrSet<Function *, 16> Seen;
  for (Function *Marker : {Mk.Begin, Mk.Sync, Mk.ScopeExit})
    if (Marker)
      for (User *U : Marker->users())
        if (auto *CB = dyn_cast<CallBase>(U))
          if (Seen.insert(CB->getFunction()).second)
            Work.push_back(CB->getFunction());
  bool NeedABI = Mk.Begin && !Mk.Begin->use_empty();
  if (NeedABI && !Ctx.ABI.link())
    return true;
  SPRIG_ASSERT(!NeedABI || Ctx.ABI.fastPathsLinked(),
               "abi.bc defines the fast paths the lowering inlines");
  // The serial elision of each spawning function, before it is lowered
  // (early/SerialClone.h).
  if (NeedABI) {
    SmallVector<Function *, 16> Spawners;
    for (Function *F : Work)
      if (any_of(Mk.Begin->users(), [&](User *U) {
            auto *CB = dyn_cast<CallBase>(U);
            return CB && CB->getFunction() == F;
          }))
        Spawners.push_back(F);
    makeSerialClones(Ctx, Spawners);
  }
  for (Function *F : Work) {
    lowerFunction(Ctx, *F);
    if (Ctx.Failed)
      break;
  }
  if (!Ctx.Failed)
    ReportMisplacedCancels();
  // Remove what is left of the markers (bodies were never emitted: declarations).
  SmallVector<Function *, 16> Dead;
  for (Function *Fn : {Mk.Begin, Mk.End, Mk.EndV, Mk.Sync, Mk.ScopeExit, Mk.SpawnScope})
    if (Fn)
      Dead.push_back(Fn);
  for (Function *Fn : Mk.Tags)
    Dead.push_back(Fn);
  for (Function *Fn : Mk.Lhs)
    Dead.push_back(Fn);
  if (Mk.LhsBegin)
    Dead.push_back(Mk.LhsBegin);
  for (Function *Fn : Dead) {
    if (Fn->use_empty())
      Fn->eraseFromParent();
    else if (!Ctx.Failed)
      Ctx.C.diagnose(DiagnosticInfoGeneric("sprig: internal error: marker " +
                                           Fn->getName() + " still used after lowering"));
  }
  return true;
}

}  // namespace sprig
