//===- plugin/modes/Scale.cpp - the work/span profiler's instrumentation ---===//
//
// See Scale.h for the scheme and docs/scale.md for the algorithm. The hooks' meaning,
// with W the work clock, S = W - D the span clock and BS = W - BD the burdened one
// (absolute path lengths from the start of the thread, in instructions):
//
//   spawn(s, bs):             s = S; bs = BS                 (the spawn point)
//   spawned(s, bs, l, bl):    l = max(l, S); bl = max(bl, BS) (the child's end)
//                             S = s; BS = bs + burden        (the continuation goes on
//                                                             from the spawn point; a
//                                                             thief would pay a steal)
//   sync(l, bl):              S = max(S, l); BS = max(BS, bl); l = bl = 0
//
// A call needs no hook: the callee's path continues the caller's. The serial run
// executes every strand once in depth-first order, so the work of any interval is the
// difference of W, and S at any point is the longest path to it through the strands
// that have joined (children not yet synced are in l). An exception that leaves a
// spawned statement skips its `spawned` hook: the span clock then goes on along the
// child's path, a path of the DAG, so the figures stay those of a valid execution.
//===----------------------------------------------------------------------===//
#include "Scale.h"
#include "SerialHooks.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace sprig {

static constexpr StringLiteral HookSpawn = "__sprig_scale_spawn";
static constexpr StringLiteral HookSpawned = "__sprig_scale_spawned";
static constexpr StringLiteral HookSync = "__sprig_scale_sync";
static constexpr StringLiteral ClockVar = "__sprig_scale_clock";    // sprig_scale_clock
static constexpr StringLiteral BurdenVar = "__sprig_scale_burden";  // uint64_t
static constexpr StringLiteral InitFn = "__sprig_scale_init";
static constexpr StringLiteral ScaleMD = "sprig.scale";  // a hook's local (an alloca)

// A hook: touches only its pointer arguments (the spawner's locals) and the clock, which
// no code of the program reads but the runtime's (a call): the optimiser keeps hooks in
// order with every call and may move plain arithmetic across them (a few instructions
// of difference in a strand's length).
static FunctionCallee hook(Module &M, StringRef Name, unsigned NPtrs) {
  LLVMContext &C = M.getContext();
  SmallVector<Type *, 4> Params(NPtrs, PointerType::getUnqual(C));
  FunctionCallee FC =
      M.getOrInsertFunction(Name, FunctionType::get(Type::getVoidTy(C), Params, false));
  if (auto *Fn = dyn_cast<Function>(FC.getCallee())) {
    Fn->setDoesNotThrow();
    Fn->setWillReturn();
    Fn->setMemoryEffects(MemoryEffects::argMemOnly(ModRefInfo::ModRef) |
                         MemoryEffects::inaccessibleMemOnly(ModRefInfo::ModRef));
    for (unsigned I = 0; I < NPtrs; ++I) {
      Fn->addParamAttr(I, Attribute::getWithCaptureInfo(C, CaptureInfo::none()));
      Fn->addParamAttr(I, Attribute::NoUndef);
    }
  }
  return FC;
}

// ---------------------------------------------------------------------------------
// Early: markers -> the serial elision with hooks (SerialHooks.h).

namespace {
struct ScaleHooks : SerialHooks {
  FunctionCallee Spawn, Spawned, Sync;
  AllocaInst *S = nullptr, *BS = nullptr, *L = nullptr, *BL = nullptr;
  ScaleHooks(Module &M)
      : Spawn(hook(M, HookSpawn, 2)), Spawned(hook(M, HookSpawned, 4)),
        Sync(hook(M, HookSync, 2)) {}
  void enter(IRBuilder<> &B) override {
    // The four locals, zero at entry (a sync before any spawn finds no child), in the
    // entry block; tagged, since Clang discards value names and the late step promotes
    // them.
    BasicBlock &Entry = *B.GetInsertBlock();
    IRBuilder<> AB(&Entry, Entry.getFirstInsertionPt());
    Type *I64 = B.getInt64Ty();
    for (AllocaInst **A : {&S, &BS, &L, &BL}) {
      *A = AB.CreateAlloca(I64);
      (*A)->setMetadata(ScaleMD, MDNode::get(B.getContext(), {}));
      B.CreateStore(B.getInt64(0), *A);
    }
  }
  void spawn(IRBuilder<> &B, CallBase *) override { B.CreateCall(Spawn, {S, BS}); }
  void spawned(IRBuilder<> &B, ArrayRef<AllocaInst *>) override {
    B.CreateCall(Spawned, {S, BS, L, BL});
  }
  void sync(IRBuilder<> &B) override { B.CreateCall(Sync, {L, BL}); }
};
}  // namespace

// ---------------------------------------------------------------------------------
// Late: counters and the hooks' code.

// Instructions that cost nothing at run time or are ours.
static bool counted(const Instruction &I) {
  if (isa<PHINode>(I))
    return false;
  if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::lifetime_start:
    case Intrinsic::lifetime_end:
    case Intrinsic::assume:
    case Intrinsic::dbg_declare:
    case Intrinsic::dbg_value:
    case Intrinsic::dbg_label:
    case Intrinsic::donothing:
    case Intrinsic::experimental_noalias_scope_decl:
    case Intrinsic::pseudoprobe:
    case Intrinsic::invariant_start:
    case Intrinsic::invariant_end:
      return false;
    default:
      return true;
    }
  }
  return true;
}

// A call after which the thread's clock must be current: any call that can run code
// (which may spawn, sync or read the clock), the hooks included.
static bool flushesBefore(const Instruction &I) {
  if (isa<ResumeInst>(I))
    return true;
  if (isa<ReturnInst>(I)) {
    // After a musttail call nothing may come before the return (the call flushed).
    for (const Instruction *P = I.getPrevNode(); P; P = P->getPrevNode()) {
      if (auto *CI = dyn_cast<CallInst>(P))
        return !CI->isMustTailCall();
      if (!isa<BitCastInst>(P))
        break;
    }
    return true;
  }
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isa<IntrinsicInst>(CB) || CB->isInlineAsm() || isa<CallBrInst>(CB))
    return false;
  return true;
}

namespace {
struct Late {
  Module &M;
  LLVMContext &C;
  Type *I64;
  GlobalVariable *Clock;
  GlobalVariable *Burden;
  Function *Spawn, *Spawned, *Sync;

  explicit Late(Module &M)
      : M(M), C(M.getContext()), I64(Type::getInt64Ty(M.getContext())) {
    Type *ClockTy = ArrayType::get(I64, 3);
    Clock = M.getGlobalVariable(ClockVar);
    if (!Clock) {
      Clock = new GlobalVariable(M, ClockTy, false, GlobalValue::ExternalLinkage, nullptr,
                                 ClockVar, nullptr, GlobalValue::InitialExecTLSModel);
    }
    Burden = M.getGlobalVariable(BurdenVar);
    if (!Burden)
      Burden = new GlobalVariable(M, I64, /*isConstant=*/false,
                                  GlobalValue::ExternalLinkage, nullptr, BurdenVar);
    Spawn = M.getFunction(HookSpawn);
    Spawned = M.getFunction(HookSpawned);
    Sync = M.getFunction(HookSync);
  }

  bool isHook(const Instruction &I) const {
    auto *CB = dyn_cast<CallBase>(&I);
    Function *Fn = CB ? CB->getCalledFunction() : nullptr;
    return Fn && (Fn == Spawn || Fn == Spawned || Fn == Sync);
  }

  Value *word(IRBuilder<> &B, Value *P, unsigned K) {
    return K ? B.CreateConstInBoundsGEP1_64(I64, P, K) : P;
  }

  // The clock's address, once per function (taken at entry: a function runs on one
  // thread from entry to return; a coroutine's resumed parts are functions of their own
  // by now).
  Value *ClockAddr = nullptr;

  // W += acc; acc = 0.
  void flush(Instruction *Before, AllocaInst *Acc) {
    IRBuilder<> B(Before);
    Value *P = ClockAddr;
    Value *A = B.CreateLoad(I64, Acc);
    B.CreateStore(B.CreateAdd(B.CreateLoad(I64, P), A), P);
    B.CreateStore(B.getInt64(0), Acc);
  }

  void expand(CallBase *CB) {
    IRBuilder<> B(CB);
    Function *Fn = CB->getCalledFunction();
    Value *P = ClockAddr;
    Value *W = B.CreateLoad(I64, P, "w");
    Value *D = B.CreateLoad(I64, word(B, P, 1), "d");
    Value *BD = B.CreateLoad(I64, word(B, P, 2), "bd");
    Value *Span = B.CreateSub(W, D, "span");
    Value *BSpan = B.CreateSub(W, BD, "bspan");
    if (Fn == Spawn) {
      B.CreateStore(Span, CB->getArgOperand(0));
      B.CreateStore(BSpan, CB->getArgOperand(1));
    } else if (Fn == Spawned) {
      Value *L = CB->getArgOperand(2), *BL = CB->getArgOperand(3);
      B.CreateStore(B.CreateBinaryIntrinsic(Intrinsic::umax, B.CreateLoad(I64, L), Span),
                    L);
      B.CreateStore(B.CreateBinaryIntrinsic(Intrinsic::umax, B.CreateLoad(I64, BL), BSpan),
                    BL);
      Value *S0 = B.CreateLoad(I64, CB->getArgOperand(0));
      Value *BS0 =
          B.CreateAdd(B.CreateLoad(I64, CB->getArgOperand(1)), B.CreateLoad(I64, Burden));
      B.CreateStore(B.CreateSub(W, S0), word(B, P, 1));
      B.CreateStore(B.CreateSub(W, BS0), word(B, P, 2));
    } else {
      Value *L = CB->getArgOperand(0), *BL = CB->getArgOperand(1);
      Value *NS = B.CreateBinaryIntrinsic(Intrinsic::umax, Span, B.CreateLoad(I64, L));
      Value *NBS = B.CreateBinaryIntrinsic(Intrinsic::umax, BSpan, B.CreateLoad(I64, BL));
      B.CreateStore(B.CreateSub(W, NS), word(B, P, 1));
      B.CreateStore(B.CreateSub(W, NBS), word(B, P, 2));
      B.CreateStore(B.getInt64(0), L);
      B.CreateStore(B.getInt64(0), BL);
    }
    CB->eraseFromParent();
  }

  void run(Function &F) {
    BasicBlock &Entry = F.getEntryBlock();
    IRBuilder<> AB(&Entry, Entry.getFirstInsertionPt());
    AllocaInst *Acc = AB.CreateAlloca(I64, nullptr, "sprig.scale.acc");
    StoreInst *Zero = AB.CreateStore(AB.getInt64(0), Acc);
    ClockAddr = AB.CreateThreadLocalAddress(Clock);
    SmallVector<Instruction *, 16> Flushes;
    SmallVector<CallBase *, 8> Hooks;
    SmallVector<std::pair<BasicBlock *, uint64_t>, 32> Counts;
    for (BasicBlock &BB : F) {
      uint64_t N = 0;
      for (Instruction &I : BB) {
        if (&I == Acc || &I == Zero || &I == ClockAddr)
          continue;
        if (isHook(I)) {
          Hooks.push_back(cast<CallBase>(&I));
          Flushes.push_back(&I);
          continue;
        }
        if (counted(I))
          ++N;
        if (flushesBefore(I))
          Flushes.push_back(&I);
      }
      if (N)
        Counts.push_back({&BB, N});
    }
    for (auto [BB, N] : Counts) {
      BasicBlock::iterator It = BB->getFirstInsertionPt();
      if (It == BB->end())
        continue;  // a catchswitch: no room (its successors count)
      if (BB == &Entry)
        It = std::next(cast<Instruction>(ClockAddr)->getIterator());
      IRBuilder<> B(BB, It);
      B.CreateStore(B.CreateAdd(B.CreateLoad(I64, Acc), B.getInt64(N)), Acc);
    }
    for (Instruction *I : Flushes)
      flush(I, Acc);
    for (CallBase *H : Hooks)
      expand(H);
    // The accumulator and the spawner's hook locals into registers.
    // (Inlining may have brought a callee's hook locals into F's entry.)
    SmallVector<AllocaInst *, 8> Promote = {Acc};
    for (Instruction &I : Entry)
      if (auto *AI = dyn_cast<AllocaInst>(&I);
          AI && AI->getMetadata(ScaleMD) && isAllocaPromotable(AI))
        Promote.push_back(AI);
    DominatorTree DT(F);
    PromoteMemToReg(Promote, DT);
  }
};
}  // namespace

// Late: instruction counters in every function with a body; hooks expanded.
static bool instrumentForScale(Module &M) {
  Late L(M);
  SmallVector<Function *, 32> Fns;
  for (Function &F : M)
    if (!F.isDeclaration() && !F.hasFnAttribute(Attribute::Naked) &&
        F.getName() != "sprig.scale.init")
      Fns.push_back(&F);
  // Every function here now writes the clock, a global: the memory effects the
  // optimiser inferred (fib's `memory(inaccessiblemem: readwrite)`, from the hooks', or
  // `memory(none)` of a leaf) would let the clean-up after this step forward W across
  // a call and lose the callee's count. Widen them, on functions and on call sites.
  const MemoryEffects Clock = MemoryEffects(IRMemLocation::Other, ModRefInfo::ModRef);
  for (Function *F : Fns) {
    if (F->getMemoryEffects().getModRef(IRMemLocation::Other) != ModRefInfo::ModRef)
      F->setMemoryEffects(F->getMemoryEffects() | Clock);
    for (BasicBlock &BB : *F)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I);
            CB && !isa<IntrinsicInst>(CB) && CB->hasFnAttr(Attribute::Memory))
          CB->setMemoryEffects(CB->getMemoryEffects() | Clock);
  }
  for (Function *F : Fns)
    L.run(*F);
  for (Function *H : {L.Spawn, L.Spawned, L.Sync})
    if (H && H->use_empty())
      H->eraseFromParent();
  return true;
}

namespace {
class ScaleTarget final : public SerialToolTarget {
public:
  StringRef name() const override { return "scale"; }

  PreservedAnalyses finishModule(Module &M, ModuleAnalysisManager &,
                                 bool Optimize) override {
    return instrumentForScale(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }

  // The profiler's counters and hooks read and write the clock at every call; fold
  // what repeats.
  PreservedAnalyses cleanUp(Module &M, ModuleAnalysisManager &MAM) override {
    FunctionPassManager FPM;
    FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
    FPM.addPass(InstCombinePass());
    return createModuleToFunctionPassAdaptor(std::move(FPM)).run(M, MAM);
  }

protected:
  std::unique_ptr<SerialHooks> hooksFor(Module &M, Function &) override {
    return std::make_unique<ScaleHooks>(M);
  }
  // The runtime learns that this program measures itself (and starts its clock) before
  // any other constructor of the module runs.
  StringRef constructorName() const override { return "sprig.scale.init"; }
  StringRef initFunction() const override { return InitFn; }
};
}  // namespace

std::unique_ptr<LoweringTarget> createScaleTarget() {
  return std::make_unique<ScaleTarget>();
}

}  // namespace sprig
