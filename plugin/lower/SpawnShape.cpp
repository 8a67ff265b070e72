//===- plugin/lower/SpawnShape.cpp - where the spawns, syncs and regions are ===//
#include "SpawnShape.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace sprig {

std::optional<ShapeError> collectMarkers(Function &F, const MarkerFns &Markers,
                                         SmallVectorImpl<SpawnMarkers> &Spawns,
                                         SmallVectorImpl<CallBase *> &Syncs) {
  // Pair each begin with the end of the same id (the rewrite numbers the spawns; block
  // layout is emission order, not statement order). Ids come in order of first sight.
  DenseMap<uint64_t, unsigned> ById;
  auto IdOf = [](Instruction &I) -> std::optional<uint64_t> {
    auto *CB = cast<CallBase>(&I);
    if (CB->arg_size() != 1)
      return std::nullopt;
    if (auto *CI = dyn_cast<ConstantInt>(CB->getArgOperand(0)))
      return CI->getZExtValue();
    return std::nullopt;
  };
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      bool IsBegin = Markers.isBegin(&I);
      bool IsEnd = Markers.isEnd(&I);
      if (IsBegin || IsEnd) {
        std::optional<uint64_t> Id = IdOf(I);
        if (!Id)
          return ShapeError{"internal error: a spawn marker without a constant id",
                            I.getDebugLoc()};
        auto [It, New] = ById.try_emplace(*Id, Spawns.size());
        if (New)
          Spawns.push_back(SpawnMarkers());
        SpawnMarkers &S = Spawns[It->second];
        CallBase *&Slot = IsBegin ? S.begin : S.end;
        if (Slot)
          return ShapeError{"internal error: two spawn markers with one id",
                            I.getDebugLoc()};
        Slot = cast<CallBase>(&I);
      } else if (Markers.isSync(&I)) {
        Syncs.push_back(cast<CallBase>(&I));
      }
    }
  for (SpawnMarkers &S : Spawns)
    if (!S.begin || !S.end)
      return ShapeError{"internal error: unmatched spawn marker",
                        (S.begin ? S.begin : S.end)->getDebugLoc()};
  return std::nullopt;
}

void collectSyncs(Function &F, const MarkerFns &Markers,
                  SmallVectorImpl<CallBase *> &Syncs) {
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (Markers.isSync(&I))
        Syncs.push_back(cast<CallBase>(&I));
}

// Blocks reachable from From without passing Stop.
static SmallPtrSet<BasicBlock *, 32> reach(BasicBlock *From, BasicBlock *Stop) {
  SmallPtrSet<BasicBlock *, 32> Seen;
  SmallVector<BasicBlock *, 32> Work{From};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == Stop || !Seen.insert(BB).second)
      continue;
    for (BasicBlock *S : successors(BB))
      Work.push_back(S);
  }
  return Seen;
}

void SpawnRegion::compute(Function &F, BasicBlock *Entry, BasicBlock *Exit) {
  SPRIG_ASSERT(Entry->getParent() == &F && Exit->getParent() == &F && Entry != Exit,
               "a region is delimited by two blocks of its function");
  SmallPtrSet<BasicBlock *, 32> Pre = reach(&F.getEntryBlock(), Entry);
  SmallPtrSet<BasicBlock *, 32> Cont = reach(Exit, Entry);
  SmallPtrSet<BasicBlock *, 32> FromEntry = reach(Entry, Exit);
  Blocks.clear();
  In.clear();
  for (BasicBlock &BB : F)  // keep layout order for the clones
    if (FromEntry.count(&BB) && !Pre.count(&BB) && !Cont.count(&BB)) {
      Blocks.push_back(&BB);
      In.insert(&BB);
    }
  SPRIG_ASSERT(!In.count(Exit) && In.size() == Blocks.size(),
               "a region excludes its continuation and lists each block once");
}

bool holdsSpawnOrSync(const SpawnRegion &R, const MarkerFns &Markers) {
  for (BasicBlock *BB : R.Blocks)
    for (Instruction &I : *BB)
      if (Markers.isBegin(&I) || Markers.isEnd(&I) || Markers.isSync(&I))
        return true;
  return false;
}

CallBase *findSpawnedCall(CallBase *Tag) {
  SmallVector<Value *, 8> Work{Tag};
  SmallPtrSet<Value *, 8> Seen;
  CallBase *Found = nullptr;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (User *U : V->users()) {
      if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U) || isa<AddrSpaceCastInst>(U)) {
        Work.push_back(U);
      } else if (auto *CB = dyn_cast<CallBase>(U)) {
        if (isa<IntrinsicInst>(CB))
          continue;
        if (Found && Found != CB)
          return nullptr;  // ambiguous
        Found = CB;
      }
      // loads (the vtable pointer of a virtual call) and stores are not the call
    }
  }
  return Found;
}

SmallPtrSet<BasicBlock *, 32> coldBlocks(Function &F, Value *EnterCallee) {
  SmallPtrSet<BasicBlock *, 32> Hot, Cold;
  SmallVector<BasicBlock *, 16> Work;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledOperand() == EnterCallee)
        if (Hot.insert(&BB).second)
          Work.push_back(&BB);
  while (!Work.empty())
    for (BasicBlock *S : successors(Work.pop_back_val()))
      if (Hot.insert(S).second)
        Work.push_back(S);
  for (BasicBlock &BB : F)
    if (!Hot.count(&BB))
      Cold.insert(&BB);
  return Cold;
}

bool isRedundantSync(CallBase *S, const SmallPtrSetImpl<CallBase *> &Syncs) {
  Instruction *I = S->getPrevNode();
  BasicBlock *BB = S->getParent();
  for (unsigned Steps = 0; Steps < 256; ++Steps) {
    if (!I) {  // walk into the unique predecessor
      BB = BB->getSinglePredecessor();
      if (!BB)
        return false;
      I = BB->getTerminator();
      continue;
    }
    if (auto *CB = dyn_cast<CallBase>(I)) {
      if (Syncs.count(CB))
        return true;  // (even along an unwind edge: a sync that throws has waited)
      if (callsHelper(CB))
        return false;  // a spawn since the last sync
      if (Function *Fn = CB->getCalledFunction(); Fn && Fn->getName() == "__sprig_cancel")
        return false;  // a cancel since the last sync: this sync ends it
    }
    I = I->getPrevNode();
  }
  return false;
}

}  // namespace sprig
