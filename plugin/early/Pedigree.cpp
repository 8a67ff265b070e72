//===- plugin/early/Pedigree.cpp - the pedigree kept at spawns and loops ----===//
#include "Pedigree.h"
#include "Markers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/TargetParser/Triple.h"

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

bool isLoopJoin(const Instruction *I) {
  auto *CB = dyn_cast_or_null<CallInst>(I);
  Function *Fn = CB ? CB->getCalledFunction() : nullptr;
  return Fn && Fn->getName() == PedigreeLoopJoin;
}

bool keepsPedigree(const Module &M) {
  if (ForcePedigree)
    return true;
  for (const GlobalVariable &G : M.globals())
    if (G.getName().ends_with(PedigreeVar))
      return true;
  return false;
}

namespace {

// The state's moves, as code. On x86-64 ELF inline: the thread's state
// (`__sprig_tls_ped`, runtime/pedigree.cpp, {hash, rank}) is found by the initial-exec
// sequence in a volatile asm, afresh at each move (the thread may change between two:
// a continuation is stolen, a sync resumes elsewhere; a plain thread-local access would
// let the optimiser reuse an address across them, sprig/abi/fastpath.h, sprig_self),
// and the hash is computed in place, as runtime/pedigree.cpp's child_hash does. Elsewhere
// (or with -sprig-pedigree-calls) the runtime's entry points do the same.
static cl::opt<bool> PedigreeCalls(
    "sprig-pedigree-calls", cl::init(false), cl::Hidden,
    cl::desc("Sprig: keep the pedigree through calls of the runtime, not inline"));

struct Fork {
  Value *H = nullptr, *R = nullptr;  // the parent's state at the fork
  Value *Child = nullptr;            // the child's hash (a loop's: its iterations')
};

class PedigreeCode {
public:
  explicit PedigreeCode(Module &M) : C(M.getContext()), I64(Type::getInt64Ty(C)) {
    Triple T(M.getTargetTriple());
    Inline = !PedigreeCalls && T.getArch() == Triple::x86_64 && T.isOSBinFormatELF();
    Type *Void = Type::getVoidTy(C);
    // nounwind; they read and write the thread's state, so they keep their order with
    // every call around them (no memory attribute).
    AttributeList NoUnwind =
        AttributeList::get(C, AttributeList::FunctionIndex, {Attribute::NoUnwind});
    LoopJoinFn = M.getOrInsertFunction(PedigreeLoopJoin, NoUnwind, Void, I64, I64);
    if (Inline) {
      // (The asm names the runtime's variable: the reference needs no declaration.)
      TlsAddr = InlineAsm::get(FunctionType::get(PointerType::getUnqual(C), false),
                               "movq %fs:0, $0\n\taddq __sprig_tls_ped@gottpoff(%rip), $0",
                               "=r,~{dirflag},~{fpsr},~{flags}", /*hasSideEffects=*/true);
      return;
    }
    HashFn = M.getOrInsertFunction("__sprig_ped_hash", NoUnwind, I64);
    ForkFn = M.getOrInsertFunction("__sprig_ped_fork", NoUnwind, I64);
    JoinFn = M.getOrInsertFunction("__sprig_ped_join", NoUnwind, Void, I64, I64);
    IterFn = M.getOrInsertFunction("__sprig_ped_iter", NoUnwind, Void, I64, I64);
  }

  // The parent's state {H, R}; the thread's becomes the child's {Child, 0}.
  Fork fork(IRBuilder<> &B) {
    Fork F;
    if (!Inline) {
      F.H = B.CreateCall(HashFn, {}, "sprig.ped.h");
      F.R = B.CreateCall(ForkFn, {}, "sprig.ped.r");
      F.Child = B.CreateCall(HashFn, {}, "sprig.ped.child");
      return F;
    }
    Value *P = state(B);
    F.H = quiet(B.CreateLoad(I64, P, "sprig.ped.h"));
    F.R = quiet(B.CreateLoad(I64, rankOf(B, P), "sprig.ped.r"));
    F.Child = childHash(B, F.H, F.R);
    quiet(B.CreateStore(F.Child, P));
    quiet(B.CreateStore(B.getInt64(0), rankOf(B, P)));
    return F;
  }
  // The continuation: {H, R + 1}.
  void join(IRBuilder<> &B, const Fork &F) {
    if (!Inline) {
      B.CreateCall(JoinFn, {F.H, F.R});
      return;
    }
    Value *P = state(B);
    quiet(B.CreateStore(F.H, P));
    quiet(B.CreateStore(B.CreateAdd(F.R, B.getInt64(1)), rankOf(B, P)));
  }
  // A loop's join, just before its end marker: always the runtime's call (once per
  // loop: its cost does not matter), one instruction that ParallelLoops finds by name
  // (isLoopJoin) and starts the loop's exit at.
  void loopJoin(IRBuilder<> &B, const Fork &F) { B.CreateCall(LoopJoinFn, {F.H, F.R}); }
  // Iteration K of the loop whose fork named Loop: {childHash(Loop, K), 0}.
  void iter(IRBuilder<> &B, Value *Loop, Value *K) {
    if (!Inline) {
      B.CreateCall(IterFn, {Loop, K});
      return;
    }
    Value *P = state(B);
    quiet(B.CreateStore(childHash(B, Loop, K), P));
    quiet(B.CreateStore(B.getInt64(0), rankOf(B, P)));
  }

private:
  // The thread's own state, never shared: no sanitizer instruments these accesses
  // (under --race, the detector would take a child's and its continuation's moves of
  // the state, on one thread, for a determinacy race; the runtime's calls are not
  // instrumented either).
  template <class I> I *quiet(I *Inst) {
    Inst->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(C, {}));
    return Inst;
  }
  Value *state(IRBuilder<> &B) { return B.CreateCall(TlsAddr, {}, "sprig.ped.state"); }
  Value *rankOf(IRBuilder<> &B, Value *P) { return B.CreateConstGEP1_64(I64, P, 1); }
  // SplitMix64's finaliser (runtime/pedigree.cpp, fmix).
  Value *fmix(IRBuilder<> &B, Value *X) {
    X = B.CreateXor(X, B.CreateLShr(X, 30));
    X = B.CreateMul(X, B.getInt64(0xBF58476D1CE4E5B9ull));
    X = B.CreateXor(X, B.CreateLShr(X, 27));
    X = B.CreateMul(X, B.getInt64(0x94D049BB133111EBull));
    return B.CreateXor(X, B.CreateLShr(X, 31));
  }
  // runtime/pedigree.cpp's child_hash: an unknown hash (bit 0) stays as it is.
  Value *childHash(IRBuilder<> &B, Value *H, Value *R) {
    Value *Step = B.CreateMul(B.CreateAdd(R, B.getInt64(1)), B.getInt64(kGolden));
    Value *Mixed = fmix(B, B.CreateAdd(H, Step));
    Mixed = B.CreateAnd(Mixed, B.getInt64(~uint64_t(1)));
    Value *Unknown = B.CreateICmpNE(B.CreateAnd(H, B.getInt64(1)), B.getInt64(0));
    return B.CreateSelect(Unknown, H, Mixed, "sprig.ped.child");
  }
  static constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;

  LLVMContext &C;
  Type *I64;
  bool Inline = false;
  InlineAsm *TlsAddr = nullptr;
  FunctionCallee HashFn, ForkFn, JoinFn, IterFn, LoopJoinFn;
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

bool instrument(Function &F, PedigreeCode &P) {
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
    IRBuilder<> B(At);
    Spawns[Id] = P.fork(B);
  }
  for (auto &[Id, Begin] : LoopBegins) {
    IRBuilder<> B(Begin);
    Loops[Id] = P.fork(B);
  }
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
      report_fatal_error(Twine("sprig: a ") + What +
                         " without its begin (plugin/Markers.h)");
    return It->second;
  };
  for (CallBase *End : SpawnEnds)
    Sites.push_back({after(End), ForkOf(Spawns, End, "spawn's end").R});
  // A loop's join goes just before its end marker, which becomes the rethrow of an
  // iteration's exception (early/ParallelLoops.cpp): so the strand leaves the loop at
  // the same position either way. ParallelLoops keeps it out of the region (it starts
  // the loop's exit at the join).
  for (CallBase *End : LoopEnds)
    Sites.push_back({End, ForkOf(Loops, End, "loop's end").R});
  for (CallBase *Index : LoopIndices)
    Sites.push_back({after(Index), ForkOf(Loops, Index, "loop's index").Child, Index});
  DominatorTree DT(F);
  for (Site &S : Sites)
    checkDominates(DT, S.Def, S.At, F);
  size_t I = 0;
  for (CallBase *End : SpawnEnds) {
    const Fork &Fk = ForkOf(Spawns, End, "spawn's end");
    IRBuilder<> B(Sites[I++].At);
    P.join(B, Fk);
  }
  for (CallBase *End : LoopEnds) {
    const Fork &Fk = ForkOf(Loops, End, "loop's end");
    IRBuilder<> B(Sites[I++].At);
    P.loopJoin(B, Fk);
  }
  for (CallBase *Index : LoopIndices) {
    Site &S = Sites[I++];
    IRBuilder<> B(S.At);
    P.iter(B, S.Def, B.CreateZExtOrTrunc(Index, B.getInt64Ty()));
  }
  return true;
}

}  // namespace

bool addPedigree(Module &M) {
  if (!keepsPedigree(M))
    return false;
  PedigreeCode P(M);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !instrument(F, P))
      continue;
    Changed = true;
    // An inline or template spawning function has a copy in every file that uses it,
    // and the linker keeps one: a copy without the pedigree (from a file that does not
    // include sprig/rng.h) must not serve this file's calls, nor this one theirs. So the
    // instrumented copy gets a name of its own (and a COMDAT of its own): both copies
    // stay, each file calls its own. (Its static locals keep their names: still one of
    // each per program.)
    // Only copies the linker may discard (linkonce): a weak definition (an explicit
    // instantiation, __attribute__((weak))) is the one other files call by name.
    if (F.hasLinkOnceODRLinkage() || F.hasLinkOnceLinkage()) {
      Comdat *Old = F.getComdat();
      Comdat *New = nullptr;
      if (Old) {
        New = M.getOrInsertComdat((Old->getName() + ".sprig.ped").str());
        New->setSelectionKind(Old->getSelectionKind());
      }
      // Its aliases (a constructor's C1 for its C2, in C5) are renamed with it (an
      // alias's COMDAT is its aliasee's).
      for (GlobalAlias &A : M.aliases())
        if (A.getAliaseeObject() == &F)
          A.setName(A.getName() + ".sprig.ped");
      F.setName(F.getName() + ".sprig.ped");
      if (New)
        F.setComdat(New);
    }
  }
  return Changed;
}

}  // namespace sprig
