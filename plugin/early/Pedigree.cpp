//===- plugin/early/Pedigree.cpp - the pedigree kept at spawns and loops ----===//
#include "Pedigree.h"
#include "Markers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace sprig {

static cl::opt<bool>
    ForcePedigree("sprig-pedigree", cl::init(false),
                  cl::desc("Sprig: keep the pedigree of sprig::dprand at this translation "
                           "unit's spawns and loops even if it does not include "
                           "<sprig/rng.h>"));

// sprig/rng.h's `static const char __sprig_pedigree_tu`: its name as C spells it, or
// as C++ mangles a variable of internal linkage (_ZL19__sprig_pedigree_tu).
static constexpr StringLiteral PedigreeVar = "__sprig_pedigree_tu";

bool keepsPedigree(const Module &M) {
  if (ForcePedigree)
    return true;
  for (const GlobalVariable &G : M.globals())
    if (G.getName().ends_with(PedigreeVar))
      return true;
  return false;
}

namespace {

struct PedigreeCalls {
  FunctionCallee Hash, Fork, Join, Iter;
  explicit PedigreeCalls(Module &M) {
    LLVMContext &C = M.getContext();
    Type *I64 = Type::getInt64Ty(C);
    Type *Void = Type::getVoidTy(C);
    // nounwind; they read and write the thread's state, so they keep their order with
    // every call around them (no memory attribute).
    AttributeList NoUnwind =
        AttributeList::get(C, AttributeList::FunctionIndex, {Attribute::NoUnwind});
    Hash = M.getOrInsertFunction("__sprig_ped_hash", NoUnwind, I64);
    Fork = M.getOrInsertFunction("__sprig_ped_fork", NoUnwind, I64);
    Join = M.getOrInsertFunction("__sprig_ped_join", NoUnwind, Void, I64, I64);
    Iter = M.getOrInsertFunction("__sprig_ped_iter", NoUnwind, Void, I64, I64);
  }
};

// The marker a call is of, if any.
StringRef markerName(const Instruction &I) {
  if (auto *CB = dyn_cast<CallBase>(&I))
    if (Function *Fn = CB->getCalledFunction())
      return Fn->getName();
  return {};
}

int64_t markerId(const CallBase &CB) {
  auto *Id = dyn_cast<ConstantInt>(CB.getArgOperand(0));
  if (!Id)
    report_fatal_error("sprig: a marker's id is not a constant (plugin/Markers.h)");
  return Id->getSExtValue();
}

struct Fork {
  Value *H = nullptr, *R = nullptr, *Loop = nullptr;
};

// Before At: %h = hash(); %r = fork() [; %hl = hash()].
Fork emitFork(PedigreeCalls &P, Instruction *At, bool IsLoop) {
  IRBuilder<> B(At);
  Fork F;
  F.H = B.CreateCall(P.Hash, {}, "sprig.ped.h");
  F.R = B.CreateCall(P.Fork, {}, "sprig.ped.r");
  if (IsLoop)
    F.Loop = B.CreateCall(P.Hash, {}, "sprig.ped.loop");
  return F;
}

// The first place after call CB (a marker) on its normal path: the next instruction,
// or, for an invoke (a marker that may throw is invoked where the statement has
// cleanups), the start of its normal destination, given a block of its own if it has
// other predecessors.
Instruction *after(CallBase *CB) {
  auto *II = dyn_cast<InvokeInst>(CB);
  if (!II)
    return CB->getNextNode();
  BasicBlock *Dest = II->getNormalDest();
  if (!Dest->getSinglePredecessor()) {
    BasicBlock *From = II->getParent();
    BasicBlock *Mid =
        BasicBlock::Create(CB->getContext(), "sprig.ped.cont", From->getParent(), Dest);
    BranchInst::Create(Dest, Mid);
    Dest->replacePhiUsesWith(From, Mid);
    II->setNormalDest(Mid);
    Dest = Mid;
  }
  return &*Dest->getFirstInsertionPt();
}

void checkDominates(DominatorTree &DT, Value *V, Instruction *Use, Function &F) {
  if (!DT.dominates(cast<Instruction>(V), Use))
    report_fatal_error(Twine("sprig: in ") + F.getName() +
                       ": a spawn's or a loop's end is reached other than through its "
                       "start; cannot keep the pedigree (plugin/early/Pedigree.cpp)");
}

bool instrument(Function &F, PedigreeCalls &P) {
  DenseMap<int64_t, CallBase *> SpawnBegins, LoopBegins;
  SmallVector<CallBase *, 8> SpawnEnds, LoopIndices, LoopEnds;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      StringRef N = markerName(I);
      if (N.empty() || !N.starts_with("__sprig_"))
        continue;
      auto *CB = cast<CallBase>(&I);
      if (N == markers::SpawnBegin)
        SpawnBegins[markerId(*CB)] = CB;
      else if (N == markers::SpawnEnd || N == markers::SpawnEndValue)
        SpawnEnds.push_back(CB);
      else if (N == markers::LoopBegin)
        LoopBegins[markerId(*CB)] = CB;
      else if (N == markers::LoopIndex)
        LoopIndices.push_back(CB);
      else if (N == markers::LoopEnd)
        LoopEnds.push_back(CB);
    }
  if (SpawnBegins.empty() && LoopBegins.empty())
    return false;
  DenseMap<int64_t, Fork> Spawns, Loops;
  for (auto &[Id, Begin] : SpawnBegins) {
    Instruction *At = Begin;
    // __sprig_spawn_scope(id, k) stays just before its begin.
    if (Instruction *Prev = Begin->getPrevNode();
        Prev && markerName(*Prev) == markers::SpawnScope)
      At = Prev;
    Spawns[Id] = emitFork(P, At, /*IsLoop=*/false);
  }
  for (auto &[Id, Begin] : LoopBegins)
    Loops[Id] = emitFork(P, Begin, /*IsLoop=*/true);
  // Where each join and each iteration's start go (first: `after` may add blocks).
  struct Site {
    Instruction *At;
    Value *Def;  // the fork's value used there
    CallBase *Index = nullptr;
  };
  SmallVector<Site, 16> Sites;
  auto ForkOf = [](DenseMap<int64_t, Fork> &Map, CallBase *CB, const char *What) {
    auto It = Map.find(markerId(*CB));
    if (It == Map.end())
      report_fatal_error(Twine("sprig: a ") + What + " without its begin (plugin/Markers.h)");
    return It->second;
  };
  for (CallBase *End : SpawnEnds)
    Sites.push_back({after(End), ForkOf(Spawns, End, "spawn's end").R});
  for (CallBase *End : LoopEnds)
    Sites.push_back({after(End), ForkOf(Loops, End, "loop's end").R});
  for (CallBase *Index : LoopIndices)
    Sites.push_back({after(Index), ForkOf(Loops, Index, "loop's index").Loop, Index});
  DominatorTree DT(F);
  for (Site &S : Sites)
    checkDominates(DT, S.Def, S.At, F);
  size_t I = 0;
  for (CallBase *End : SpawnEnds) {
    const Fork &Fk = ForkOf(Spawns, End, "spawn's end");
    IRBuilder<>(Sites[I++].At).CreateCall(P.Join, {Fk.H, Fk.R});
  }
  for (CallBase *End : LoopEnds) {
    const Fork &Fk = ForkOf(Loops, End, "loop's end");
    IRBuilder<>(Sites[I++].At).CreateCall(P.Join, {Fk.H, Fk.R});
  }
  for (CallBase *Index : LoopIndices) {
    Site &S = Sites[I++];
    IRBuilder<> B(S.At);
    B.CreateCall(P.Iter, {S.Def, B.CreateZExtOrTrunc(Index, B.getInt64Ty())});
  }
  return true;
}

}  // namespace

bool addPedigree(Module &M) {
  if (!keepsPedigree(M))
    return false;
  PedigreeCalls P(M);
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration())
      Changed |= instrument(F, P);
  return Changed;
}

}  // namespace sprig
