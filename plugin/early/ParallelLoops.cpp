//===- plugin/early/ParallelLoops.cpp - parallel loops become D&C calls ---===//
//
// The first step of sprig-lower. The AST rewrite (frontend/ParallelFor.h) left each
// parallel loop as one iteration between markers (Markers.h):
//
//   __sprig_pfor_begin(id, n, grain)   ...iteration k = __sprig_pfor_index(id)...
//   [catch (...) { __sprig_pfor_catch(id) }]   __sprig_pfor_end(id)
//
// That region (single entry, single exit: its own try/catch keeps every exception edge
// inside) is cloned into a chunk function that runs iterations [lo, hi):
//
//   void F.sprig.pfor.N(ptr env, i64 lo, i64 hi)   env: what the region uses of F
//     for (k = lo; k < hi && !(an earlier iteration threw or broke: k > state.min_k); ++k)
//       <region, with k for the index>
//     __sprig_sync()
//
// and F calls the module's divide-and-conquer driver instead, a spawning function made
// here with the markers the frontend would have written:
//
//   void __sprig_pfor_dc(ptr chunk, ptr env, i64 lo, i64 hi, i64 grain) {
//     while (hi - lo > grain) {
//       mid = lo + (hi - lo) / 2;
//       [[sprig::spawn]] __sprig_pfor_dc(chunk, env, lo, mid, grain);
//       lo = mid;
//     }
//     chunk(env, lo, hi);  [[sprig::sync]];
//   }
//
// The lower half is the child, the continuation (the upper half) is what a thief takes:
// half of what is left, in one steal. The usual lowering then lowers the driver and the
// chunk (when the body spawns) like any spawning function. The exception kept by
// __sprig_pfor_catch (the first in iteration order) is rethrown where the end marker
// was (__sprig_pfor_rethrow), with the end marker's unwind edge. A loop whose body may
// `break` (__sprig_pfor_break markers) records breaks in the same state and calls
// __sprig_pfor_dc_break instead (below, and docs/design.md section 4, "Break").
//===----------------------------------------------------------------------===//
#include "ParallelLoops.h"
#include "Markers.h"
#include "Pedigree.h"
#include "Target.h"
#include "lower/LoweringContext.h"
#include "lower/RegionValues.h"
#include "lower/SpawnShape.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include <map>

using namespace llvm;

#define DEBUG_TYPE "sprig-pfor"
SPRIG_STATISTIC(NumLoops, "Parallel loops outlined");

namespace sprig {
namespace {

struct LoopMarkerCalls {
  CallBase *Begin = nullptr, *End = nullptr;
  SmallVector<CallBase *, 2> Index, Catch, Break;
};

uint64_t loopId(CallBase *CB) {
  if (CB->arg_size() == 0)
    return ~0ull;
  if (auto *C = dyn_cast<ConstantInt>(CB->getArgOperand(0)))
    return C->getZExtValue();
  return ~0ull;
}

void diagnose(Function &F, const Twine &Msg) {
  F.getContext().diagnose(DiagnosticInfoUnsupported(F, "sprig: " + Msg));
}

// The module's D&C drivers, with spawn markers as frontend/Rewrite.cpp writes them.
//
// __sprig_pfor_dc(chunk, env, lo, hi, grain): above. The loops whose body may `break`
// use another (a loop without one keeps the driver above, unchanged):
//
//   void __sprig_pfor_dc_break(ptr chunk, ptr env, i64 lo, i64 hi, i64 grain, ptr st) {
//     cur = __sprig_pfor_views();
//     while (hi - lo > grain && lo <= st->min_k) {      (relaxed: a hint, as the chunk's)
//       mid = lo + (hi - lo) / 2;
//       [[sprig::spawn]] __sprig_pfor_dc_break(chunk, env, lo, mid, grain, st);
//       lo = mid;
//       cur = __sprig_pfor_piece(st, mid, cur);
//     }
//     chunk(env, lo, hi);  [[sprig::sync]];
//   }
//
// The reducer views of the iterations after the one that broke must not reach the
// reducers. A continuation that was not stolen runs after the lower half, on the same
// strand, so its chunks see the break and do not start. One that was stolen runs on the
// thief with a fresh view map (runtime/reducer.cpp): __sprig_pfor_piece sees the strand's
// map change across the spawn and marks the new map as the piece of iterations from
// `mid` on; the runtime destroys that map's views, instead of reducing them, when it
// merges the piece into its left neighbour while min_k < mid (runtime/view_map.cpp,
// merge_views; docs/design.md section 4 says why that is exact). Without reducers the
// maps are null and nothing is marked.
Function *getDriver(Module &M, bool Breaks) {
  StringRef Name = Breaks ? "__sprig_pfor_dc_break" : "__sprig_pfor_dc";
  if (Function *D = M.getFunction(Name))
    return D;
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::getUnqual(C), *I64 = Type::getInt64Ty(C),
       *I32 = Type::getInt32Ty(C), *Void = Type::getVoidTy(C);
  SmallVector<Type *, 6> Params{Ptr, Ptr, I64, I64, I64};
  if (Breaks)
    Params.push_back(Ptr);
  FunctionType *FT = FunctionType::get(Void, Params, false);
  Function *D = Function::Create(FT, GlobalValue::InternalLinkage, Name, M);
  D->addFnAttr(Attribute::NoUnwind);
  D->addFnAttr(Attribute::NoInline);
  D->setUWTableKind(UWTableKind::Async);
  FunctionCallee Begin = M.getOrInsertFunction(markers::SpawnBegin, Void, I32);
  FunctionCallee End = M.getOrInsertFunction(markers::SpawnEnd, Void, I32);
  FunctionCallee Sync = M.getOrInsertFunction(markers::Sync, Void);
  FunctionCallee Tag = M.getOrInsertFunction((markers::TagPrefix + "pfor").str(), Ptr, Ptr);
  Argument *Chunk = D->getArg(0), *Env = D->getArg(1), *Lo = D->getArg(2),
           *Hi = D->getArg(3), *Grain = D->getArg(4);
  Argument *St = Breaks ? D->getArg(5) : nullptr;
  Chunk->setName("chunk");
  Env->setName("env");
  Lo->setName("lo");
  Hi->setName("hi");
  Grain->setName("grain");
  FunctionCallee Views, Piece;
  if (Breaks) {
    St->setName("state");
    Views = M.getOrInsertFunction("__sprig_pfor_views", Ptr);
    Piece = M.getOrInsertFunction("__sprig_pfor_piece", Ptr, Ptr, I64, Ptr);
    for (FunctionCallee FC : {Views, Piece})
      if (auto *Fn = dyn_cast<Function>(FC.getCallee()))
        Fn->setDoesNotThrow();
  }
  BasicBlock *Entry = BasicBlock::Create(C, "entry", D);
  BasicBlock *Loop = BasicBlock::Create(C, "split.test", D);
  BasicBlock *Split = BasicBlock::Create(C, "split", D);
  BasicBlock *Leaf = BasicBlock::Create(C, "leaf", D);
  IRBuilder<> B(Entry);
  AllocaInst *LoA = B.CreateAlloca(I64, nullptr, "lo.addr");
  AllocaInst *CurA = Breaks ? B.CreateAlloca(Ptr, nullptr, "views.addr") : nullptr;
  B.CreateStore(Lo, LoA);
  if (Breaks)
    B.CreateStore(B.CreateCall(Views, {}, "views"), CurA);
  B.CreateBr(Loop);
  B.SetInsertPoint(Loop);
  Value *L = B.CreateLoad(I64, LoA, "l");
  Value *Dist = B.CreateSub(Hi, L, "n");
  Value *More = B.CreateICmpUGT(Dist, Grain);
  if (Breaks) {
    // sprig_pfor_state.min_k (offset 0), relaxed: a stale value only splits more.
    auto *MinK = B.CreateLoad(I64, St, "min.k");
    MinK->setAtomic(AtomicOrdering::Monotonic);
    MinK->setAlignment(Align(8));
    More = B.CreateAnd(More, B.CreateICmpULE(L, MinK));
  }
  B.CreateCondBr(More, Split, Leaf);
  B.SetInsertPoint(Split);
  Value *Mid = B.CreateAdd(L, B.CreateLShr(Dist, 1), "mid");
  B.CreateCall(Begin, {B.getInt32(0)});
  Value *Callee = B.CreateCall(Tag, {D}, "callee");
  SmallVector<Value *, 6> Args{Chunk, Env, L, Mid, Grain};
  if (Breaks)
    Args.push_back(St);
  B.CreateCall(FT, Callee, Args);
  B.CreateCall(End, {B.getInt32(0)});
  B.CreateStore(Mid, LoA);
  if (Breaks) {
    Value *Cur = B.CreateLoad(Ptr, CurA, "cur");
    B.CreateStore(B.CreateCall(Piece, {St, Mid, Cur}, "views"), CurA);
  }
  B.CreateBr(Loop);
  B.SetInsertPoint(Leaf);
  Value *L2 = B.CreateLoad(I64, LoA, "l");
  B.CreateCall(FunctionType::get(Void, {Ptr, I64, I64}, false), Chunk, {Env, L2, Hi});
  B.CreateCall(Sync);
  B.CreateRetVoid();
  return D;
}

// Clang's cleanup destination slot (one i32 per function, shared by every jump that leaves
// a scope with cleanups: the jump stores a constant naming its target, the cleanup's end
// loads it and switches). A `break` or `continue` of a loop body that leaves such a scope
// uses F's slot inside the region; shared by the chunks, two of them running at once
// would race on it (found by the fuzzer under --race, a loop with break). Each chunk gets
// its own when the slot behaves as one: every store of F to it is a constant, and inside
// the region every load follows a store of the region on every path from the region's
// entry, so no value flows into the region through it (nor out: F stores before it loads).
// A user's variable that looked the same would be written by every iteration before it is
// read: a race between iterations of the loop anyway.
bool cleanupSlotOfRegion(Value *V, const SpawnRegion &R, BasicBlock *Entry) {
  auto *AI = dyn_cast<AllocaInst>(V);
  if (!AI || !AI->isStaticAlloca() || !AI->getAllocatedType()->isIntegerTy(32))
    return false;
  SmallPtrSet<BasicBlock *, 8> Stores;
  bool Loads = false;
  for (User *U : AI->users()) {
    auto *I = dyn_cast<Instruction>(U);
    if (!I)
      return false;
    if (auto *St = dyn_cast<StoreInst>(I)) {
      if (St->getPointerOperand() != AI || !St->isSimple() ||
          !isa<ConstantInt>(St->getValueOperand()))
        return false;
      if (R.contains(St->getParent()))
        Stores.insert(St->getParent());
    } else if (auto *L = dyn_cast<LoadInst>(I)) {
      if (!L->isSimple())
        return false;
      Loads |= R.contains(L->getParent());
    } else if (auto *II = dyn_cast<IntrinsicInst>(I); !II || !II->isLifetimeStartOrEnd()) {
      return false;
    }
  }
  if (!Loads || Stores.empty())
    return false;
  // Stored(B): every path from the region's entry to B's end passes a store (a greatest
  // fixed point: start from "yes" everywhere but the entry, and lower it).
  DenseMap<BasicBlock *, bool> In, Out;
  for (BasicBlock *BB : R.Blocks)
    In[BB] = BB != Entry, Out[BB] = true;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *BB : R.Blocks) {
      bool I = BB != Entry;
      if (I)
        for (BasicBlock *P : predecessors(BB))
          if (R.contains(P) && !Out[P]) {
            I = false;
            break;
          }
      bool O = I || Stores.count(BB);
      if (I != In[BB] || O != Out[BB])
        In[BB] = I, Out[BB] = O, Changed = true;
    }
  }
  // Each load of the region: a store before it in its block, or Stored on entry to it.
  for (User *U : AI->users()) {
    auto *L = dyn_cast<LoadInst>(U);
    if (!L || !R.contains(L->getParent()) || In[L->getParent()])
      continue;
    bool Before = false;
    for (Instruction &I : *L->getParent()) {
      if (&I == L)
        break;
      if (auto *St = dyn_cast<StoreInst>(&I); St && St->getPointerOperand() == AI)
        Before = true;
    }
    if (!Before)
      return false;
  }
  return true;
}

// The chunk function's attributes: F's, less what is not true of it.
Function *createChunk(Function &F, unsigned N) {
  LLVMContext &C = F.getContext();
  Type *Ptr = PointerType::getUnqual(C), *I64 = Type::getInt64Ty(C);
  Function *H = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, I64, I64}, false),
      GlobalValue::InternalLinkage, F.getName() + ".sprig.pfor." + Twine(N), F.getParent());
  H->setAttributes(AttributeList::get(C, F.getAttributes().getFnAttrs(), {}, {}));
  for (Attribute::AttrKind K :
       {Attribute::AlwaysInline, Attribute::InlineHint, Attribute::NoReturn,
        Attribute::WillReturn, Attribute::Memory, Attribute::NoSync, Attribute::NoFree,
        Attribute::Speculatable, Attribute::NoRecurse, Attribute::NoCallback,
        Attribute::Naked})
    H->removeFnAttr(K);
  if (!H->hasFnAttribute(Attribute::OptimizeNone))
    H->removeFnAttr(Attribute::NoInline);
  if (F.hasPersonalityFn())
    H->setPersonalityFn(F.getPersonalityFn());
  H->getArg(0)->setName("env");
  H->getArg(1)->setName("lo");
  H->getArg(2)->setName("hi");
  return H;
}

bool outlineLoop(Module &M, const LoweringTarget &Target, LoopMarkerCalls &L, unsigned N,
                 FunctionCallee Grain, FunctionCallee Caught, FunctionCallee Broke,
                 FunctionCallee Rethrow) {
  Function &F = *L.Begin->getFunction();
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C), *Ptr = PointerType::getUnqual(C);
  if (isa<InvokeInst>(L.Begin) || L.Index.empty()) {
    diagnose(F, "internal error: malformed parallel loop markers");
    return false;
  }
  Value *Count = L.Begin->getArgOperand(1), *GrainArg = L.Begin->getArgOperand(2);
  // ---- the region ----
  // Blocks nothing reaches (Clang leaves some, and so does an inner loop's outlining)
  // may still branch into the region: remove them first.
  removeUnreachableBlocks(F);
  BasicBlock *BBb = L.Begin->getParent();
  BasicBlock *Entry = BBb->splitBasicBlock(std::next(L.Begin->getIterator()), "pfor.iter");
  // The exit starts at the end marker, or at the pedigree's join just before it
  // (early/Pedigree.h), which must run after the loop, not in each iteration.
  Instruction *ExitAt = L.End;
  if (isLoopJoin(L.End->getPrevNode()))
    ExitAt = L.End->getPrevNode();
  BasicBlock *Exit =
      ExitAt->getParent()->splitBasicBlock(ExitAt->getIterator(), "pfor.done");
  SpawnRegion R;
  R.compute(F, Entry, Exit);
  // The one call of the region that its catch (...) does not cover: the handler's
  // __cxa_end_catch, which throws only if the exception's destructor does, and unwinds
  // into the enclosing scopes. It becomes a plain call (such a throw ends the program),
  // and the pads only it reached go.
  bool Changed = false;
  for (BasicBlock *BB : R.Blocks)
    if (auto *II = dyn_cast<InvokeInst>(BB->getTerminator());
        II && II->getCalledFunction() &&
        II->getCalledFunction()->getName() == "__cxa_end_catch") {
      changeToCall(II);
      Changed = true;
    }
  if (Changed) {
    removeUnreachableBlocks(F);
    R.compute(F, Entry, Exit);
  }
  // Edges out of the region: only to Exit, and to blocks that hold nothing but
  // `unreachable` (Clang shares one among the throws of a function); the chunk gets its
  // own.
  SmallPtrSet<BasicBlock *, 4> Unreachables;
  for (BasicBlock *BB : R.Blocks) {
    Instruction *T = BB->getTerminator();
    for (BasicBlock *Succ : successors(T))
      if (Succ != Exit && !R.contains(Succ) &&
          isa<UnreachableInst>(Succ->getFirstNonPHIOrDbg()) && Succ->phis().empty()) {
        Unreachables.insert(Succ);
      } else if (Succ != Exit && !R.contains(Succ)) {
        diagnose(F, "internal error: a parallel loop's body has an edge out of the loop");
        return false;
      }
  }
  // Read-only scalars by value (lower/RegionValues.h): the loop's first value, step, a
  // bound the body reads are loaded once in F, before the driver, and the chunk gets the
  // values: no reload after every call in the body. F waits in the driver meanwhile.
  readOnlyLocalsByValue(F, R, BBb->getTerminator(), {}, /*WithLifetimes=*/true);
  SetVector<Value *> Inputs;
  if (!regionInputs(R, Inputs)) {
    diagnose(F, "internal error: a value computed in a parallel loop's body is used after "
                "the loop");
    return false;
  }
  // Allocas only the region uses, and exception slots (Clang shares one per function;
  // the region's own landing pads fill and read it within an iteration), become the
  // chunk's own: each chunk runs its iterations one after another.
  SmallVector<Value *, 8> Shared;
  SmallVector<AllocaInst *, 8> Privates;
  for (Value *V : Inputs) {
    if (privateToRegion(V, R) || cleanupSlotOfRegion(V, R, Entry))
      Privates.push_back(cast<AllocaInst>(V));
    else
      Shared.push_back(V);
  }
  bool Throws = !L.Catch.empty();
  // A body with a `break` of its own (frontend/ParallelFor.cpp marked each one).
  bool Breaks = !L.Break.empty();
  // The state: the first iteration (in iteration order) that threw or broke.
  bool HasState = Throws || Breaks;
  // env: the shared values, then (if iterations can throw or break) the loop's state.
  SmallVector<Type *, 8> Fields;
  for (Value *V : Shared)
    Fields.push_back(V->getType());
  StructType *StateTy = StructType::get(C, {I64, Ptr});  // sprig_pfor_state (abi.h)
  if (HasState)
    Fields.push_back(Ptr);
  StructType *EnvTy = StructType::get(C, Fields);

  // ---- the chunk ----
  Function *H = createChunk(F, N);
  ValueToValueMapTy VMap;
  BasicBlock *HEntry = BasicBlock::Create(C, "entry", H);
  IRBuilder<> B(HEntry);
  for (AllocaInst *AI : Privates) {
    auto *NA = cast<AllocaInst>(AI->clone());
    dropDebugInfo(*NA);
    B.Insert(NA);
    VMap[AI] = NA;
  }
  Argument *Env = H->getArg(0);
  for (unsigned I = 0; I < Shared.size(); ++I)
    VMap[Shared[I]] = B.CreateLoad(Fields[I], B.CreateStructGEP(EnvTy, Env, I),
                                   Shared[I]->getName() + ".in");
  Value *State = nullptr;
  if (HasState)
    State = B.CreateLoad(Ptr, B.CreateStructGEP(EnvTy, Env, Shared.size()), "pfor.state");
  BasicBlock *Header = BasicBlock::Create(C, "pfor.next", H);
  BasicBlock *Latch = BasicBlock::Create(C, "pfor.latch", H);
  BasicBlock *Done = BasicBlock::Create(C, "pfor.chunk.done", H);
  // Iterations after one that threw: the serial loop would not run them. A chunk whose
  // first iteration comes after the smallest that threw so far does not start (one
  // relaxed load per chunk: a stale value only runs iterations more, as a parallel loop
  // may; the kept exception is still the first, runtime/loop.cpp), and a chunk stops
  // after its own iteration that threw (a local flag, set by the catch below). So at
  // P=1 the loop stops where the serial loop does. A break is the same event: the
  // marker's call records it (first k wins, runtime/loop.cpp) and sets the same flag
  // (still named "threw": a loop without break keeps its IR as it was); a loop
  // that can break also reads min_k before every iteration (one relaxed load), so that
  // a chunk running when an earlier iteration breaks stops soon after (its iterations'
  // reducer updates are discarded anyway; their other effects are the program's,
  // docs/forms.md).
  AllocaInst *Threw = nullptr;
  Value *Start = B.getTrue();
  if (HasState) {
    Threw = B.CreateAlloca(B.getInt1Ty(), nullptr, "pfor.threw");
    // A loop that can break: the flag's life starts here, so that under --race two
    // chunks that reuse its stack slot one after the other are not taken for parallel
    // writers of one variable (the detector forgets a local where its lifetime starts).
    if (Breaks)
      B.CreateLifetimeStart(Threw);
    B.CreateStore(B.getFalse(), Threw);
    auto *MinK = B.CreateLoad(I64, B.CreateStructGEP(StateTy, State, 0), "pfor.min.k");
    MinK->setAtomic(AtomicOrdering::Monotonic);
    MinK->setAlignment(Align(8));
    Start = B.CreateICmpULE(H->getArg(1), MinK);
  }
  B.CreateCondBr(Start, Header, Done);
  B.SetInsertPoint(Header);
  PHINode *K = B.CreatePHI(I64, 2, "k");
  K->addIncoming(H->getArg(1), HEntry);
  Value *More = B.CreateICmpULT(K, H->getArg(2));
  if (HasState)
    More = B.CreateAnd(More, B.CreateNot(B.CreateLoad(B.getInt1Ty(), Threw, "threw")));
  if (Breaks) {
    auto *MinK = B.CreateLoad(I64, B.CreateStructGEP(StateTy, State, 0), "pfor.min.k");
    MinK->setAtomic(AtomicOrdering::Monotonic);
    MinK->setAlignment(Align(8));
    More = B.CreateAnd(More, B.CreateICmpULE(K, MinK));
  }
  VMap[Exit] = Latch;
  for (BasicBlock *U : Unreachables) {
    BasicBlock *NU = BasicBlock::Create(C, "unreachable", H);
    new UnreachableInst(C, NU);
    VMap[U] = NU;
  }
  // Debug information: with -g the chunk gets a subprogram of its own, and the body's
  // locations become locations "inlined" into it at the loop's line: a breakpoint on a
  // line of the body, a profile of it and a backtrace through it find the source. The
  // body's variables are not described (their records are dropped, as in spawn helpers).
  DILocation *Base = nullptr;
  DenseMap<const MDNode *, MDNode *> InlinedAtCache;
  if (DISubprogram *SP = F.getSubprogram()) {
    DebugLoc At = L.Begin->getDebugLoc();
    unsigned Line = At ? At.getLine() : SP->getLine();
    DIBuilder DIB(M, /*AllowUnresolved=*/false, SP->getUnit());
    DISubprogram::DISPFlags Flags = DISubprogram::SPFlagDefinition;
    if (SP->isOptimized())
      Flags |= DISubprogram::SPFlagOptimized;
    if (H->hasLocalLinkage())
      Flags |= DISubprogram::SPFlagLocalToUnit;
    DISubprogram *NSP =
        DIB.createFunction(SP->getFile(), H->getName(), H->getName(), SP->getFile(), Line,
                           DIB.createSubroutineType(DIB.getOrCreateTypeArray({})), Line,
                           DINode::FlagArtificial | DINode::FlagPrototyped, Flags);
    DIB.finalizeSubprogram(NSP);
    H->setSubprogram(NSP);
    Base = DILocation::get(C, Line, At ? At.getCol() : 0, NSP);
  }
  auto Rehome = [&](Instruction &I) {
    I.dropDbgRecords();
    I.setMetadata(LLVMContext::MD_DIAssignID, nullptr);
    if (DebugLoc DL = I.getDebugLoc()) {
      // (as the inliner does: the new inlined-at chain, then the location on it)
      DILocation *IA = DebugLoc::appendInlinedAt(DL, Base, C, InlinedAtCache);
      I.setDebugLoc(DILocation::get(C, DL.getLine(), DL.getCol(), DL.getScope(), IA));
    }
  };
  SmallVector<BasicBlock *, 16> Clones =
      Base ? cloneRegion(R, H, VMap, Rehome) : cloneRegion(R, H, VMap);

  B.CreateCondBr(More, cast<BasicBlock>(VMap[Entry]), Done);
  B.SetInsertPoint(Latch);
  Value *Next = B.CreateAdd(K, B.getInt64(1), "k.next");
  K->addIncoming(Next, Latch);
  B.CreateBr(Header);
  B.SetInsertPoint(Done);
  B.CreateCall(M.getOrInsertFunction(markers::Sync, Type::getVoidTy(C)));
  B.CreateRetVoid();
  // The markers inside: the index is k; a caught exception goes to the state.
  for (BasicBlock *NB : Clones)
    for (Instruction &I : make_early_inc_range(*NB)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      if (!Callee)
        continue;
      if (Callee->getName() == markers::LoopIndex && loopId(CB) == loopId(L.Begin)) {
        CB->replaceAllUsesWith(K);
        CB->eraseFromParent();
      } else if (Callee->getName() == markers::LoopCatch && loopId(CB) == loopId(L.Begin)) {
        IRBuilder<> CBld(CB);
        CBld.CreateCall(Caught, {State, K});
        CBld.CreateStore(CBld.getTrue(), Threw);
        CB->eraseFromParent();
      } else if (Callee->getName() == markers::LoopBreak && loopId(CB) == loopId(L.Begin)) {
        IRBuilder<> CBld(CB);
        CBld.CreateCall(Broke, {State, K});
        CBld.CreateStore(CBld.getTrue(), Threw);
        CB->eraseFromParent();
      }
    }

  if (Base)  // the chunk's own instructions (the loop around the body) at the loop's line
    for (BasicBlock &BB : *H)
      for (Instruction &I : BB) {
        if (!I.getDebugLoc())
          I.setDebugLoc(Base);
      }

  // ---- F: state, env, grain, the driver ----
  IRBuilder<> EB(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *EnvA = EB.CreateAlloca(EnvTy, nullptr, "pfor.env");
  AllocaInst *StateA = HasState ? EB.CreateAlloca(StateTy, nullptr, "pfor.state") : nullptr;
  Instruction *OldBr = BBb->getTerminator();
  IRBuilder<> PB(OldBr);
  PB.SetCurrentDebugLocation(L.Begin->getDebugLoc());
  for (unsigned I = 0; I < Shared.size(); ++I)
    PB.CreateStore(Shared[I], PB.CreateStructGEP(EnvTy, EnvA, I));
  if (HasState) {
    PB.CreateStore(PB.getInt64(~0ull), PB.CreateStructGEP(StateTy, StateA, 0));
    PB.CreateStore(ConstantPointerNull::get(cast<PointerType>(Ptr)),
                   PB.CreateStructGEP(StateTy, StateA, 1));
    PB.CreateStore(StateA, PB.CreateStructGEP(EnvTy, EnvA, Shared.size()));
  }
  // The grain: the loop's own, or the runtime's default (the target's choice).
  Value *G = Target.loopGrain(PB, Count, GrainArg, Grain);
  if (Breaks)
    PB.CreateCall(getDriver(M, true), {H, EnvA, PB.getInt64(0), Count, G, StateA});
  else
    PB.CreateCall(getDriver(M, false), {H, EnvA, PB.getInt64(0), Count, G});
  PB.CreateBr(Exit);
  OldBr->eraseFromParent();
  L.Begin->eraseFromParent();
  // The end marker: rethrow the kept exception there (an invoke keeps its unwind edge;
  // after a first event that was a break there is none, and the call returns).
  if (Throws) {
    SmallVector<Value *, 1> Args{StateA};
    CallBase *New;
    if (auto *II = dyn_cast<InvokeInst>(L.End))
      New = InvokeInst::Create(Rethrow, II->getNormalDest(), II->getUnwindDest(), Args, "",
                               II->getIterator());
    else
      New = CallInst::Create(Rethrow, Args, "", L.End->getIterator());
    New->setDebugLoc(L.End->getDebugLoc());
    L.End->eraseFromParent();
  } else {
    replaceMarkerCall(L.End);
  }
  // The region is unreachable in F now.
  SmallVector<BasicBlock *, 16> Dead(R.Blocks.begin(), R.Blocks.end());
  DeleteDeadBlocks(Dead);
  ++NumLoops;
  return true;
}

}  // namespace

bool lowerParallelLoops(Module &M, const LoweringTarget &Target, bool &Failed) {
  Failed = false;
  Function *BeginFn = M.getFunction(markers::LoopBegin);
  if (!BeginFn || BeginFn->use_empty())
    return false;
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::getUnqual(C), *I64 = Type::getInt64Ty(C),
       *Void = Type::getVoidTy(C);
  FunctionCallee Grain = M.getOrInsertFunction("__sprig_pfor_grain", I64, I64);
  FunctionCallee Caught = M.getOrInsertFunction("__sprig_pfor_caught", Void, Ptr, I64);
  if (auto *Fn = dyn_cast<Function>(Caught.getCallee()))
    Fn->setDoesNotThrow();
  FunctionCallee Broke = M.getOrInsertFunction("__sprig_pfor_broke", Void, Ptr, I64);
  if (auto *Fn = dyn_cast<Function>(Broke.getCallee()))
    Fn->setDoesNotThrow();
  FunctionCallee Rethrow = M.getOrInsertFunction("__sprig_pfor_rethrow", Void, Ptr);
  unsigned N = 0;
  // Innermost first: a nested loop's markers have smaller ids (the rewrite numbers the
  // innermost first), and outlining an outer loop clones what its region holds.
  while (true) {
    std::map<uint64_t, LoopMarkerCalls> Loops;
    for (User *U : BeginFn->users())
      if (auto *CB = dyn_cast<CallBase>(U))
        Loops[loopId(CB)].Begin = CB;
    if (Loops.empty())
      break;
    auto It = Loops.begin();
    LoopMarkerCalls &L = It->second;
    Function &F = *L.Begin->getFunction();
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I);
            CB && CB->getCalledFunction() && loopId(CB) == It->first) {
          StringRef Name = CB->getCalledFunction()->getName();
          if (Name == markers::LoopEnd)
            L.End = CB;
          else if (Name == markers::LoopIndex)
            L.Index.push_back(CB);
          else if (Name == markers::LoopCatch)
            L.Catch.push_back(CB);
          else if (Name == markers::LoopBreak)
            L.Break.push_back(CB);
        }
    if (!L.End) {
      diagnose(F, "internal error: a parallel loop's end marker is missing");
      Failed = true;
      return true;
    }
    bool OKL = outlineLoop(M, Target, L, N++, Grain, Caught, Broke, Rethrow);
    if (!OKL) {
      Failed = true;
      return true;
    }
  }
  // (__sprig_pfor_broke too, when no loop breaks: a module without break stays as it was)
  for (StringRef Name : {StringRef(markers::LoopBegin), StringRef(markers::LoopIndex),
                         StringRef(markers::LoopCatch), StringRef(markers::LoopBreak),
                         StringRef(markers::LoopEnd), StringRef("__sprig_pfor_broke")})
    if (Function *Fn = M.getFunction(Name); Fn && Fn->use_empty())
      Fn->eraseFromParent();
  return true;
}

}  // namespace sprig
