//===- plugin/LowerSpawns.cpp - lower spawn/sync markers to continuation frames ===//
//
// Runs first in the pipeline (PipelineStartEP, every -O level, and the pre-link half of
// -flto), on Clang's IR before any optimisation, so the spawn intervals are still laid
// out in emission order. For each function F with markers (plugin/Rewrite.cpp):
//
//  1. Frame: a sprig_frame alloca, a dynamic alloca the optimiser cannot remove (forces
//     frame-pointer addressing of every local and no reserved call frame, so the
//     continuation survives running on another stack), and the inline enter_frame.
//  2. Each spawn interval [__sprig_spawn_begin, __sprig_spawn_end) is outlined into a
//     helper: the interval's blocks are cloned into a new internal noinline function;
//     values from F are passed as arguments (pointers to F's locals), temporaries used
//     only by the statement become the helper's own. The inline detach goes right before
//     the tagged call; normal exit runs the inline pop (leave_helper). Every landing pad
//     in the helper catches all: an exception escaping the statement goes to
//     __sprig_child_threw (rethrown to F before the detach, kept for the sync after).
//     In F the interval becomes: setjmp (capture the continuation); if 0, call helper.
//  3. __sprig_sync() becomes the inline sync (flag test; setjmp + suspend when stolen;
//     rethrow a child's exception).
//  4. Before every return: leave_frame; before every resume (an exception leaving F): a
//     sync, so children never outlive the frame.
//  5. F gets "frame-pointer"="all", "no-realign-stack", noinline; over-aligned allocas
//     become 16-aligned ones with the address rounded up (llvm.ptrmask).
//===----------------------------------------------------------------------===//
#include "Lowering.h"
#include "sprig/abi.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include <dlfcn.h>

using namespace llvm;

namespace sprig {
namespace {

constexpr uint64_t kFrameSize = sizeof(sprig_frame);
constexpr uint64_t kCtxOffset = offsetof(sprig_frame, ctx);
static_assert(offsetof(sprig_frame, flags) == 0, "flags first");

std::string pluginDir() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&pluginDir), &Info) && Info.dli_fname)
    return sys::path::parent_path(Info.dli_fname).str();
  return ".";
}

struct Spawn {
  CallBase *begin = nullptr;  // __sprig_spawn_begin(id): a call, or an invoke in an EH scope
  CallBase *end = nullptr;    // __sprig_spawn_end(id) / __sprig_spawn_end_v(id)
};

class Lowering {
public:
  explicit Lowering(Module &M) : M(M), C(M.getContext()) {
    PtrTy = PointerType::getUnqual(C);
    I8 = Type::getInt8Ty(C);
    I32 = Type::getInt32Ty(C);
    I64 = Type::getInt64Ty(C);
    VoidTy = Type::getVoidTy(C);
  }

  bool run();

private:
  Module &M;
  LLVMContext &C;
  Type *PtrTy, *I8, *I32, *I64, *VoidTy;
  Function *BeginFn = nullptr, *EndFn = nullptr, *EndVFn = nullptr, *SyncFn = nullptr;
  SmallPtrSet<Function *, 16> TagFns;
  FunctionCallee Enter, Detach, LeaveHelper, LeaveFrame, SyncSuspend, Rethrow, ChildThrew,
      LeaveHelperExc;
  bool Failed = false;
  unsigned HelperCount = 0;

  void fail(Function &F, const Twine &Msg, const DebugLoc &DL = DebugLoc()) {
    C.diagnose(DiagnosticInfoUnsupported(F, "sprig: " + Msg, DL));
    Failed = true;
  }

  bool isMarkerCall(const Instruction *I, const Function *Fn) const {
    auto *CB = dyn_cast<CallBase>(I);
    return CB && Fn && CB->getCalledFunction() == Fn;
  }
  bool isTagCall(const Value *V) const {
    auto *CB = dyn_cast<CallBase>(V);
    return CB && CB->getCalledFunction() && TagFns.count(CB->getCalledFunction());
  }

  bool linkABI();
  void lowerFunction(Function &F);
  Value *emitSetjmp(IRBuilder<> &B, Value *SF);
  void fixOverAligned(Function &F);
  void emitSync(Function &F, CallBase *Marker, Value *SF, bool Rethrowing);
  void outline(Function &F, Spawn &S, Value *SF);
  void replaceMarkerCall(CallBase *CB);
  void syncAtLandingPad(Function &F, LandingPadInst *LP, Value *SF);
  BasicBlock *emitSyncWait(Function &F, Instruction *Term, Value *SF, BasicBlock *Cont,
                           const DebugLoc &DL, StringRef Prefix, bool CheckException);
  void addExitPad(Function &F, Value *SF, const SmallPtrSetImpl<BasicBlock *> &Cold);
  void emitForceFrame(IRBuilder<> &B);
  AllocaInst *moveDynamicAllocasToHeap(Function &F);
  void releaseArenaAtExits(Function &F, AllocaInst *Arena);
  bool hoistTarget(Function &F, CallBase *Call, ArrayRef<BasicBlock *> Blocks);
  Function *LhsBeginFn = nullptr;
  SmallPtrSet<Function *, 16> LhsFns;
  FunctionCallee InFlight;
  // i1 alloca, false at entry, true at every spawn: promoted to SSA by the optimiser, it
  // tells each sync and exit whether this path has spawned at all (a sync after a loop
  // that spawned nothing, a leaf of uts, waits for nothing and touches no frame).
  AllocaInst *Spawned = nullptr;
  void ifSpawned(Instruction *Before, function_ref<void(IRBuilder<> &)> Body);
};

// ---- ABI functions: declarations, then their bodies linked from abi.bc ----
bool Lowering::linkABI() {
  Enter = M.getOrInsertFunction("__sprig_bc_enter_frame", VoidTy, PtrTy);
  Detach = M.getOrInsertFunction("__sprig_bc_detach", I32, PtrTy);
  LeaveHelper = M.getOrInsertFunction("__sprig_bc_leave_helper", VoidTy, PtrTy);
  LeaveFrame = M.getOrInsertFunction("__sprig_bc_leave_frame", VoidTy, PtrTy);
  SyncSuspend = M.getOrInsertFunction("__sprig_sync_suspend", VoidTy, PtrTy);
  Rethrow = M.getOrInsertFunction("__sprig_rethrow", VoidTy, PtrTy);
  ChildThrew = M.getOrInsertFunction("__sprig_child_threw", VoidTy, PtrTy, PtrTy, I32);
  LeaveHelperExc = M.getOrInsertFunction("__sprig_leave_helper_exc", VoidTy, PtrTy);
  InFlight = M.getOrInsertFunction("__sprig_exception_in_flight", VoidTy, PtrTy, PtrTy);
  if (auto *F = dyn_cast<Function>(SyncSuspend.getCallee())) {
    F->setDoesNotReturn();
    F->setDoesNotThrow();
  }

  std::string Path = pluginDir() + "/abi.bc";
  SMDiagnostic Err;
  std::unique_ptr<Module> ABI = parseIRFile(Path, Err, C);
  if (!ABI) {
    C.diagnose(DiagnosticInfoGeneric("sprig: cannot read the ABI bitcode '" + Path +
                                     "': " + Err.getMessage()));
    return false;
  }
  ABI->setDataLayout(M.getDataLayout());
  ABI->setTargetTriple(M.getTargetTriple());
  for (Function &F : *ABI)
    if (!F.isDeclaration()) {
      F.removeFnAttr("target-cpu");
      F.removeFnAttr("target-features");
      F.removeFnAttr("tune-cpu");
    }
  if (Linker::linkModules(M, std::move(ABI), Linker::Flags::LinkOnlyNeeded)) {
    C.diagnose(DiagnosticInfoGeneric("sprig: cannot link the ABI bitcode '" + Path + "'"));
    return false;
  }
  // __sprig_wake_one is defined `preserve_most` by the runtime (x86-64 ELF; sprig/abi.h):
  // calling it so, a helper need not keep the spawned call's arguments (evaluated before
  // it) in callee-saved registers. The call must not go through a lazily bound PLT entry,
  // whose resolver clobbers r10 (which preserve_most callers may keep values in): it is
  // `nonlazybind`, a call through the GOT, bound at load time. Code compiled from abi.h
  // without the plugin calls it with the C convention, which is also correct.
  if (Function *W = M.getFunction("__sprig_wake_one");
      W && Triple(M.getTargetTriple()).getArch() == Triple::x86_64 &&
      Triple(M.getTargetTriple()).isOSBinFormatELF()) {
    W->setCallingConv(CallingConv::PreserveMost);
    W->addFnAttr(Attribute::NonLazyBind);
    for (User *U : W->users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledFunction() == W)
        CB->setCallingConv(CallingConv::PreserveMost);
  }
  // Linking replaced our declarations by new functions: look them up again.
  Enter = M.getFunction("__sprig_bc_enter_frame");
  Detach = M.getFunction("__sprig_bc_detach");
  LeaveHelper = M.getFunction("__sprig_bc_leave_helper");
  LeaveFrame = M.getFunction("__sprig_bc_leave_frame");
  for (const char *Name : {"__sprig_bc_enter_frame", "__sprig_bc_detach",
                           "__sprig_bc_leave_helper", "__sprig_bc_leave_frame"}) {
    if (Function *F = M.getFunction(Name); F && !F->isDeclaration()) {
      F->setLinkage(GlobalValue::InternalLinkage);
      F->removeFnAttr(Attribute::NoInline);
      F->removeFnAttr(Attribute::OptimizeNone);
      F->addFnAttr(Attribute::AlwaysInline);
    }
  }
  return true;
}

// The edge a resumed continuation takes out of a setjmp (it returned again, after a
// longjmp). LLVM sees no call on that path, but the frame's memory has changed meanwhile
// (a child wrote results, a helper evaluated `i++` in the parent's locals): an opaque
// memory clobber makes everything after it reload from memory.
// The asm below is completed at the end of lowerFunction: one use of every pointer a
// helper receives (F's locals, memory only F knew of) (a memory clobber alone does not do: LLVM knows those
// locals do not escape on this path, and would forward their old values).
static SmallVector<BasicBlock *, 8> *ResumedBlocks = nullptr;
static BasicBlock *resumedEdge(Function &F, BasicBlock *Target, const Twine &Name) {
  LLVMContext &C = F.getContext();
  BasicBlock *BB = BasicBlock::Create(C, Name, &F, Target);
  IRBuilder<> B(BB);
  B.CreateCall(InlineAsm::get(FunctionType::get(Type::getVoidTy(C), false), "", "~{memory}",
                              /*hasSideEffects=*/true));
  B.CreateBr(Target);
  if (ResumedBlocks)
    ResumedBlocks->push_back(BB);
  return BB;
}

Value *Lowering::emitSetjmp(IRBuilder<> &B, Value *SF) {
  // What clang emits for __builtin_setjmp(sf->ctx): FP in word 0, SP in word 2, then the
  // intrinsic, which stores the resume address in word 1.
  Value *Ctx = B.CreateConstInBoundsGEP1_64(I8, SF, kCtxOffset, "sprig.ctx");
  Function *FA = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::frameaddress, {PtrTy});
  B.CreateStore(B.CreateCall(FA, {B.getInt32(0)}), Ctx);
  Function *SS = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::stacksave, {PtrTy});
  B.CreateStore(B.CreateCall(SS, {}),
                B.CreateConstInBoundsGEP1_64(PtrTy, Ctx, 2, "sprig.ctx.sp"));
  Function *SJ = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::eh_sjlj_setjmp);
  CallInst *R = B.CreateCall(SJ, {Ctx}, "sprig.resumed");
  // Each setjmp is one continuation's resume point: the optimiser must never merge two
  // of them (SimplifyCFG hoists identical code of an if/else into the block before it,
  // or sinks it into the block after: both branches would then share one resume point,
  // and the branch taken after it is decided before it). `nomerge` forbids both.
  R->addFnAttr(Attribute::NoMerge);
  // It returns twice (again when a thief or a resumed sync jumps in). Said so, the code
  // generator stops sharing stack slots between values (StackSlotColoring): code the
  // optimiser sinks below the setjmp runs on both returns, and with a shared slot its
  // first run overwrote a value the second run still reads (`h = s ^ k` sunk below a
  // spawn's setjmp turned s's slot into h's: a resumed continuation saw s ^ k ^ k).
  R->addFnAttr(Attribute::ReturnsTwice);
  return R;
}

// Replace a marker call by nothing (an invoke becomes a branch to its normal dest).
void Lowering::replaceMarkerCall(CallBase *CB) {
  if (auto *II = dyn_cast<InvokeInst>(CB)) {
    BasicBlock *Normal = II->getNormalDest();
    BasicBlock *Unwind = II->getUnwindDest();
    BranchInst::Create(Normal, II->getIterator());
    Unwind->removePredecessor(II->getParent());
  }
  if (!CB->getType()->isVoidTy())
    CB->replaceAllUsesWith(Constant::getNullValue(CB->getType()));
  CB->eraseFromParent();
}

void Lowering::emitSync(Function &F, CallBase *Marker, Value *SF, bool Rethrowing) {
  // if (flags & (STOLEN|EXCEPTION)) {
  //   if ((flags & STOLEN) && setjmp(ctx) == 0) __sprig_sync_suspend(sf);   // no return
  //   if (flags & EXCEPTION) __sprig_rethrow(sf);
  // }
  BasicBlock *BB = Marker->getParent();
  BasicBlock *Cont;
  BasicBlock *Unwind = nullptr;
  if (auto *II = dyn_cast<InvokeInst>(Marker)) {
    Cont = II->getNormalDest();
    Unwind = II->getUnwindDest();
    // Cont may have other predecessors; give the sync its own continuation block.
    BasicBlock *Mid = BasicBlock::Create(C, "sprig.sync.done", &F, Cont);
    BranchInst::Create(Cont, Mid);
    for (PHINode &P : Cont->phis())
      P.replaceIncomingBlockWith(BB, Mid);
    Cont = Mid;
  } else {
    Cont = BB->splitBasicBlock(std::next(Marker->getIterator()), "sprig.sync.done");
  }
  DebugLoc DL = Marker->getDebugLoc();
  Instruction *OldTerm = BB->getTerminator();  // the marker itself if it is an invoke
  if (Unwind)
    Unwind->removePredecessor(BB);
  if (OldTerm != Marker)
    Marker->eraseFromParent();
  BasicBlock *Pending = emitSyncWait(F, OldTerm, SF, Cont, DL, "sprig.sync", Rethrowing);
  if (!Pending)
    return;
  IRBuilder<> B(Pending);
  B.SetCurrentDebugLocation(DL);
  if (Unwind)
    B.CreateInvoke(Rethrow, Cont, Unwind, {SF});
  else {
    B.CreateCall(Rethrow, {SF});
    B.CreateBr(Cont);
  }
}

// The wait of a sync, in place of the terminator Term (which it erases):
//   if (flags & (STOLEN|EXCEPTION)) {
//     if ((flags & STOLEN) && setjmp(ctx) == 0) __sprig_sync_suspend(sf);  // no return
//     <resumed edge>
//     if (flags & EXCEPTION) goto Pending;
//   }
//   goto Cont;
// Returns Pending, an empty block for the caller to fill (null if !CheckException).
BasicBlock *Lowering::emitSyncWait(Function &F, Instruction *Term, Value *SF,
                                   BasicBlock *Cont, const DebugLoc &DL, StringRef Prefix,
                                   bool CheckException) {
  IRBuilder<> B(Term);
  B.SetCurrentDebugLocation(DL);
  {  // no spawn on the way here: nothing to wait for
    BasicBlock *Test = BasicBlock::Create(C, Prefix + ".test", &F, Cont);
    B.CreateCondBr(B.CreateLoad(B.getInt1Ty(), Spawned, "sprig.spawned"), Test, Cont);
    Term->eraseFromParent();
    Term = BranchInst::Create(Cont, Test);
    B.SetInsertPoint(Term);
  }
  Value *Flags = B.CreateLoad(I32, SF, "sprig.flags");
  Value *Any = B.CreateICmpNE(
      B.CreateAnd(Flags, B.getInt32(SPRIG_FRAME_STOLEN | SPRIG_FRAME_EXCEPTION)),
      B.getInt32(0));
  BasicBlock *Slow = BasicBlock::Create(C, Prefix + ".slow", &F, Cont);
  B.CreateCondBr(Any, Slow, Cont);
  Term->eraseFromParent();
  B.SetInsertPoint(Slow);
  Value *Stolen = B.CreateICmpNE(B.CreateAnd(Flags, B.getInt32(SPRIG_FRAME_STOLEN)),
                                 B.getInt32(0));
  BasicBlock *Jmp = BasicBlock::Create(C, Prefix + ".setjmp", &F, Cont);
  BasicBlock *Exc = BasicBlock::Create(C, Prefix + ".exc", &F, Cont);
  B.CreateCondBr(Stolen, Jmp, Exc);
  B.SetInsertPoint(Jmp);
  Value *R = emitSetjmp(B, SF);
  BasicBlock *Susp = BasicBlock::Create(C, Prefix + ".suspend", &F, Cont);
  B.CreateCondBr(B.CreateICmpEQ(R, B.getInt32(0)), Susp,
                 resumedEdge(F, Exc, Prefix + ".resumed"));
  B.SetInsertPoint(Susp);
  B.CreateCall(SyncSuspend, {SF})->setDoesNotReturn();
  B.CreateUnreachable();
  B.SetInsertPoint(Exc);
  if (!CheckException) {
    B.CreateBr(Cont);
    return nullptr;
  }
  Value *Flags2 = B.CreateLoad(I32, SF, "sprig.flags2");
  Value *HasExc = B.CreateICmpNE(B.CreateAnd(Flags2, B.getInt32(SPRIG_FRAME_EXCEPTION)),
                                 B.getInt32(0));
  BasicBlock *Pending = BasicBlock::Create(C, Prefix + ".pending", &F, Cont);
  B.CreateCondBr(HasExc, Pending, Cont);
  return Pending;
}


static void dropLifetimeMarkers(AllocaInst *AI) {
  SmallVector<Instruction *, 4> Markers;
  for (User *U : AI->users())
    if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
      Markers.push_back(II);
  for (Instruction *I : Markers)
    I->eraseFromParent();
}

static void fixOverAlignedAllocas(Module &M, Function &F);
void Lowering::fixOverAligned(Function &F) { fixOverAlignedAllocas(M, F); }

static void fixOverAlignedAllocas(Module &M, Function &F) {
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

// The spawned call: the one call that uses the tag's result (as callee, or as an
// argument: the object of a member call, possibly adjusted to a base).
static CallBase *findSpawnedCall(CallBase *Tag) {
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

// `lhs = f(args)`: C++17 evaluates the target after the call; Cilk wants it before the
// detach. Rewrite.cpp bracketed its evaluation between __sprig_lhs_begin() and the
// identity __sprig_lhs_N(target); move that code (it cannot use the call's result)
// to just before the call: arguments, then target, then detach and call.
bool Lowering::hoistTarget(Function &F, CallBase *Call, ArrayRef<BasicBlock *> Blocks) {
  CallInst *LB = nullptr, *LE = nullptr;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->getCalledFunction()) {
        if (CI->getCalledFunction() == LhsBeginFn)
          LB = CI;
        else if (LhsFns.count(CI->getCalledFunction()))
          LE = CI;
      }
  if (!LB && !LE)
    return true;  // not an assignment
  if (!LB || !LE) {
    fail(F, "internal error: unmatched assignment-target markers", Call->getDebugLoc());
    return false;
  }
  LE->replaceAllUsesWith(LE->getArgOperand(0));
  Instruction *After = LE->getNextNode();
  LE->eraseFromParent();
  // Is the target already evaluated before the call? (Then nothing to move.)
  bool Before = false;
  for (Instruction *I = LB; I; I = I->getNextNode())
    if (I == Call)
      Before = true;
  if (Before || (LB->getParent() == Call->getParent() && LB->comesBefore(Call))) {
    LB->eraseFromParent();
    return true;
  }
  // X: [... | Call ...] -> ... -> Rb: [LB ...] ... Re: [... LE] | Z: [rest]
  BasicBlock *X2 = Call->getParent()->splitBasicBlock(Call->getIterator(), "spawn.call.at");
  BasicBlock *X1 = X2->getSinglePredecessor();
  BasicBlock *Rb = LB->getParent()->splitBasicBlock(LB->getIterator(), "spawn.target");
  BasicBlock *Pre = Rb->getSinglePredecessor();  // ends with br Rb (after the call)
  BasicBlock *Re = After->getParent();
  BasicBlock *Z = Re->splitBasicBlock(After->getIterator(), "spawn.target.done");
  LB->eraseFromParent();
  if (!X1 || !Pre || !Z->phis().empty() || !Rb->phis().empty()) {
    fail(F, "internal error: unexpected shape of a spawned assignment", Call->getDebugLoc());
    return false;
  }
  X1->getTerminator()->setSuccessor(0, Rb);   // ... then the target
  Re->getTerminator()->setSuccessor(0, X2);   // target, then the call
  Pre->getTerminator()->replaceSuccessorWith(Rb, Z);  // call, then the rest
  return true;
}

void Lowering::outline(Function &F, Spawn &S, Value *SF) {
  DebugLoc DL = S.begin->getDebugLoc();
  // ---- the interval ----
  // The markers are calls, or invokes whose landing pads lead into the enclosing scopes'
  // cleanups (those edges keep the cleanups out of the region, see Reach below).
  BasicBlock *BBb = S.begin->getParent();
  BasicBlock *Entry;
  if (auto *II = dyn_cast<InvokeInst>(S.begin)) {
    Entry = BasicBlock::Create(C, "spawn.body", &F, II->getNormalDest());
    BranchInst::Create(II->getNormalDest(), Entry);
    for (PHINode &P : II->getNormalDest()->phis())
      P.replaceIncomingBlockWith(BBb, Entry);
    II->setNormalDest(Entry);
  } else {
    Entry = BBb->splitBasicBlock(std::next(S.begin->getIterator()), "spawn.body");
    S.begin->eraseFromParent();
  }
  BasicBlock *Exit =
      S.end->getParent()->splitBasicBlock(S.end->getIterator(), "spawn.cont");
  if (!S.end->getType()->isVoidTy())
    S.end->replaceAllUsesWith(Constant::getNullValue(S.end->getType()));
  if (isa<InvokeInst>(S.end)) {
    // Exit = [end-invoke]: keep the block, branch to its normal dest once the region
    // is computed (the unwind edge still marks the enclosing cleanups as the parent's).
  } else {
    S.end->eraseFromParent();
  }

  // The statement's own blocks: reachable from its start without passing its end, and
  // neither reachable from code before it nor from its continuation. (Clang lays out
  // landing pads lazily, and shares a pad between invokes of one EH scope, so layout
  // order does not delimit the statement; reachability does.)
  auto Reach = [](BasicBlock *From, BasicBlock *Stop) {
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
  };
  SmallVector<BasicBlock *, 16> Blocks;
  SmallPtrSet<BasicBlock *, 16> InI;
  auto ComputeRegion = [&]() {
    SmallPtrSet<BasicBlock *, 32> Pre = Reach(&F.getEntryBlock(), Entry);
    SmallPtrSet<BasicBlock *, 32> Cont = Reach(Exit, Entry);
    SmallPtrSet<BasicBlock *, 32> FromEntry = Reach(Entry, Exit);
    Blocks.clear();
    InI.clear();
    for (BasicBlock &BB : F)  // keep layout order for the clones
      if (FromEntry.count(&BB) && !Pre.count(&BB) && !Cont.count(&BB)) {
        Blocks.push_back(&BB);
        InI.insert(&BB);
      }
  };
  ComputeRegion();
  if (!InI.count(Entry)) {
    fail(F, "internal error: a spawned statement is reachable from its continuation", DL);
    return;
  }

  // ---- the tag and the spawned call ----
  CallBase *Tag = nullptr;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (isTagCall(&I))
        Tag = cast<CallBase>(&I);
  if (!Tag) {
    fail(F, "internal error: spawned call not found", DL);
    return;
  }
  CallBase *Call = findSpawnedCall(Tag);
  if (!Call || !InI.count(Call->getParent())) {
    fail(F, "internal error: cannot identify the spawned call", DL);
    return;
  }
  Tag->replaceAllUsesWith(Tag->getArgOperand(0));
  Tag->eraseFromParent();
  if (!hoistTarget(F, Call, Blocks))
    return;
  ComputeRegion();
  // The region is known: the markers' own landing-pad edges can go now.
  if (auto *EI = dyn_cast<InvokeInst>(S.end)) {
    BranchInst::Create(EI->getNormalDest(), EI->getIterator());
    EI->getUnwindDest()->removePredecessor(Exit);
    EI->eraseFromParent();
  }

  // ---- values flowing in and out ----
  SetVector<Value *> Inputs;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB) {
      for (Value *Op : I.operands()) {
        if (auto *OI = dyn_cast<Instruction>(Op)) {
          if (!InI.count(OI->getParent()))
            Inputs.insert(OI);
        } else if (isa<Argument>(Op)) {
          Inputs.insert(Op);
        }
      }
      for (User *U : I.users())
        if (auto *UI = dyn_cast<Instruction>(U); UI && !InI.count(UI->getParent())) {
          fail(F, "internal error: a value computed by a spawned statement is used after "
                  "it",
               DL);
          return;
        }
    }
  // Allocas only this statement uses, and exception slots, become the helper's own.
  auto Private = [&](Value *V) {
    auto *AI = dyn_cast<AllocaInst>(V);
    if (!AI || !AI->isStaticAlloca() || AI == SF)
      return false;
    bool AllInside = true, EHSlot = false;
    for (User *U : AI->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || !InI.count(UI->getParent()))
        AllInside = false;
      if (auto *St = dyn_cast<StoreInst>(U); St && St->getPointerOperand() == AI)
        if (auto *EV = dyn_cast<ExtractValueInst>(St->getValueOperand()))
          if (isa<LandingPadInst>(EV->getAggregateOperand()))
            EHSlot = true;
    }
    return AllInside || EHSlot;
  };

  // ---- the helper ----
  SmallVector<Type *, 8> Params{PtrTy};
  SmallVector<Value *, 8> Args{SF};
  SmallVector<AllocaInst *, 8> Privates;
  for (Value *V : Inputs) {
    if (Private(V)) {
      Privates.push_back(cast<AllocaInst>(V));
      continue;
    }
    Params.push_back(V->getType());
    Args.push_back(V);
  }
  // F's locals the child uses through a pointer may be written after their scope ends
  // (a spawned variable whose block closes before the sync): their stack slots must never
  // be given to another variable, so drop their lifetime markers (no stack colouring).
  for (unsigned I = 1; I < Args.size(); ++I)
    if (auto *AI = dyn_cast<AllocaInst>(Args[I]))
      dropLifetimeMarkers(AI);
  Function *H = Function::Create(FunctionType::get(VoidTy, Params, false),
                                 GlobalValue::InternalLinkage,
                                 F.getName() + ".sprig.spawn." + Twine(HelperCount++), M);
  H->setAttributes(AttributeList::get(C, F.getAttributes().getFnAttrs(), {}, {}));
  H->removeFnAttr(Attribute::AlwaysInline);
  H->removeFnAttr(Attribute::InlineHint);
  H->addFnAttr(Attribute::NoInline);
  // What F promises of itself is not true of the helper: an exception thrown before the
  // detach leaves the helper into F (whose own handler catches it, noexcept or not); the
  // helper returns although F may not; it writes the parent's locals although F may be
  // `pure`/`const` (memory(read)/memory(none)).
  for (Attribute::AttrKind K :
       {Attribute::NoUnwind, Attribute::NoReturn, Attribute::WillReturn, Attribute::Memory,
        Attribute::NoSync, Attribute::NoFree, Attribute::Speculatable,
        Attribute::NoRecurse, Attribute::NoCallback})
    H->removeFnAttr(K);
  // The helper keeps F's own frame-pointer setting (not F's forced one): its frame is
  // never resumed on another stack, and a child that moved returns on this one.
  H->removeFnAttr("frame-pointer");
  if (F.hasFnAttribute("frame-pointer"))
    H->addFnAttr(F.getFnAttribute("frame-pointer"));
  if (F.hasPersonalityFn())
    H->setPersonalityFn(F.getPersonalityFn());
  H->setCallingConv(CallingConv::C);

  ValueToValueMapTy VMap;
  BasicBlock *HEntry = BasicBlock::Create(C, "entry", H);
  IRBuilder<> B(HEntry);
  Argument *ParentSF = H->getArg(0);
  ParentSF->setName("parent");
  for (unsigned I = 1; I < Args.size(); ++I)
    VMap[Args[I]] = H->getArg(I);
  for (AllocaInst *AI : Privates) {
    auto *NA = cast<AllocaInst>(AI->clone());
    B.Insert(NA);
    VMap[AI] = NA;
  }
  AllocaInst *ExnSlot = B.CreateAlloca(PtrTy, nullptr, "sprig.exn");
  AllocaInst *ChildNo = B.CreateAlloca(I32, nullptr, "sprig.child");
  B.CreateStore(B.getInt32(~0u), ChildNo);  // ~0: not detached yet

  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *NB = CloneBasicBlock(BB, VMap, "", H);
    VMap[BB] = NB;
    Clones.push_back(NB);
    for (Instruction &I : *NB) {
      I.dropDbgRecords();
      I.setDebugLoc(DebugLoc());
    }
  }
  for (BasicBlock *NB : Clones)
    for (Instruction &I : *NB)
      RemapInstruction(&I, VMap, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
  B.CreateBr(cast<BasicBlock>(VMap[Entry]));

  BasicBlock *HExit = BasicBlock::Create(C, "spawn.exit", H);
  IRBuilder<>(HExit).CreateCall(LeaveHelper, {ParentSF});
  IRBuilder<>(HExit).CreateRetVoid();
  BasicBlock *HCaught = BasicBlock::Create(C, "spawn.caught", H);
  {
    IRBuilder<> CB(HCaught);
    CB.CreateCall(ChildThrew, {ParentSF, CB.CreateLoad(PtrTy, ExnSlot),
                               CB.CreateLoad(I32, ChildNo)});
    CB.CreateCall(LeaveHelperExc, {ParentSF});
    CB.CreateRetVoid();
  }
  BasicBlock *HOuterPad = nullptr;
  auto OuterPad = [&]() {
    if (!HOuterPad) {
      HOuterPad = BasicBlock::Create(C, "spawn.lpad", H);
      IRBuilder<> PB(HOuterPad);
      auto *LP = PB.CreateLandingPad(StructType::get(PtrTy, I32), 1);
      LP->addClause(ConstantPointerNull::get(cast<PointerType>(PtrTy)));
      PB.CreateStore(PB.CreateExtractValue(LP, 0), ExnSlot);
      PB.CreateBr(HCaught);
    }
    return HOuterPad;
  };

  // Calls of the statement outside any of its EH scopes unwind straight out of the
  // helper: route them to the catch-all too (the child must pop before it ends).
  {
    SmallVector<CallInst *, 8> Throwing;
    for (BasicBlock *NB : Clones)
      for (Instruction &I : *NB)
        if (auto *CI = dyn_cast<CallInst>(&I))
          if (!CI->doesNotThrow() && !isa<IntrinsicInst>(CI) && !CI->isInlineAsm())
            Throwing.push_back(CI);
    if (!Throwing.empty() && !H->hasPersonalityFn())
      H->setPersonalityFn(cast<Constant>(
          M.getOrInsertFunction("__gxx_personality_v0", FunctionType::get(I32, true))
              .getCallee()));
    for (CallInst *CI : Throwing)
      changeToInvokeAndSplitBasicBlock(CI, OuterPad());
    // The splits added blocks: take them into the list of clones.
    Clones.clear();
    for (BasicBlock &BB : *H)
      if (&BB != HEntry && &BB != HExit && &BB != HCaught && &BB != HOuterPad)
        Clones.push_back(&BB);
  }
  // Edges leaving the interval: the normal exit, or an exception escaping the statement.
  BasicBlock *DirectPad = nullptr;   // an outside landing pad an invoke unwinds to
  BasicBlock *EscapeTarget = nullptr;  // an outside block a cleanup path branches to
  bool MultipleEscapes = false;
  for (BasicBlock *NB : Clones) {
    Instruction *T = NB->getTerminator();
    for (unsigned I = 0, E = T->getNumSuccessors(); I < E; ++I) {
      BasicBlock *Succ = T->getSuccessor(I);
      if (Succ->getParent() == H)
        continue;
      if (Succ == Exit) {
        T->setSuccessor(I, HExit);
      } else if (auto *II = dyn_cast<InvokeInst>(T); II && II->getUnwindDest() == Succ) {
        if (DirectPad && DirectPad != Succ)
          MultipleEscapes = true;
        DirectPad = Succ;
        T->setSuccessor(I, OuterPad());
      } else {
        if (EscapeTarget && EscapeTarget != Succ)
          MultipleEscapes = true;
        EscapeTarget = Succ;
        T->setSuccessor(I, HCaught);
      }
    }
    if (auto *R = dyn_cast<ResumeInst>(T)) {
      IRBuilder<> RB(R);
      RB.CreateStore(RB.CreateExtractValue(R->getValue(), 0), ExnSlot);
      RB.CreateBr(HCaught);
      R->eraseFromParent();
    }
  }
  // Landing pads in the helper catch everything (the helper is the handler).
  SmallVector<LandingPadInst *, 4> Pads;
  for (BasicBlock *NB : Clones)
    if (auto *LP = dyn_cast<LandingPadInst>(NB->getFirstNonPHIIt()))
      Pads.push_back(LP);
  LandingPadInst *OrigPad = nullptr;  // one of the statement's own pads, in F
  for (BasicBlock *BB : Blocks)
    if (auto *LP = dyn_cast<LandingPadInst>(BB->getFirstNonPHIIt()))
      if (!OrigPad)
        OrigPad = LP;
  for (LandingPadInst *LP : Pads) {
    auto *NLP = LandingPadInst::Create(LP->getType(), 1, "", LP->getIterator());
    NLP->addClause(ConstantPointerNull::get(cast<PointerType>(PtrTy)));
    LP->replaceAllUsesWith(NLP);
    LP->eraseFromParent();
    IRBuilder<> PB(NLP->getParent(), std::next(NLP->getIterator()));
    PB.CreateStore(PB.CreateExtractValue(NLP, 0), ExnSlot);
  }
  // The detach, right before the spawned call.
  auto *HCall = cast<CallBase>(VMap[Call]);
  {
    IRBuilder<> DB(HCall);
    Value *K = DB.CreateCall(Detach, {ParentSF}, "sprig.child.no");
    DB.CreateStore(K, ChildNo);
  }
  if (pred_empty(HCaught))
    HCaught->eraseFromParent();  // no exception can escape: no catch path

  // ---- the parent ----
  // An exception thrown before the detach (evaluating arguments) is rethrown by the
  // helper into F, where it must take the statement's way out: an outside landing pad
  // the statement's invokes used, or one built to reach the block its cleanups led to.
  // Several ways out all enter the enclosing scope's cleanups; any of them will do.
  (void)MultipleEscapes;
  BasicBlock *ParentPad = DirectPad;
  if (!ParentPad && EscapeTarget && OrigPad) {
    if (!EscapeTarget->phis().empty()) {
      fail(F, "internal error: unexpected exception-path merge after a spawn", DL);
      return;
    }
    // A landing pad that does in F what the statement's own pads did before reaching
    // the escape target: same clauses, same slot stores.
    ParentPad = BasicBlock::Create(C, "spawn.parent.lpad", &F, Exit);
    IRBuilder<> PB(ParentPad);
    auto *LP = PB.CreateLandingPad(OrigPad->getType(), OrigPad->getNumClauses());
    for (unsigned I = 0; I < OrigPad->getNumClauses(); ++I)
      LP->addClause(OrigPad->getClause(I));
    LP->setCleanup(true);
    for (User *U : OrigPad->users())
      if (auto *EV = dyn_cast<ExtractValueInst>(U))
        for (User *EU : EV->users())
          if (auto *St = dyn_cast<StoreInst>(EU))
            PB.CreateStore(PB.CreateExtractValue(LP, EV->getIndices()),
                           St->getPointerOperand());
    PB.CreateBr(EscapeTarget);
  }
  Instruction *OldBr = BBb->getTerminator();  // br spawn.body, or the begin invoke
  if (auto *BI = dyn_cast<InvokeInst>(OldBr))
    BI->getUnwindDest()->removePredecessor(BBb);
  // Enter the frame at its first spawn (flags has ENTERED from then on).
  {
    IRBuilder<> EB(OldBr);
    EB.SetCurrentDebugLocation(DL);
    // Not entered yet exactly when no spawn ran on this path: test the SSA flag (a
    // register, or folded) rather than load the frame's flags.
    Value *NotYet = EB.CreateNot(EB.CreateLoad(EB.getInt1Ty(), Spawned, "sprig.spawned"));
    Instruction *ThenT = SplitBlockAndInsertIfThen(NotYet, OldBr, false);
    IRBuilder<> TB(ThenT);
    TB.CreateCall(Enter, {SF});
    emitForceFrame(TB);
    BBb = OldBr->getParent();
  }
  IRBuilder<> PBld(OldBr);
  PBld.SetCurrentDebugLocation(DL);
  PBld.CreateStore(PBld.getTrue(), Spawned);
  Value *R = emitSetjmp(PBld, SF);
  BasicBlock *CallBB = BasicBlock::Create(C, "spawn.call", &F, Exit);
  PBld.CreateCondBr(PBld.CreateICmpEQ(R, PBld.getInt32(0)), CallBB,
                    resumedEdge(F, Exit, "spawn.resumed"));
  OldBr->eraseFromParent();
  IRBuilder<> CB(CallBB);
  CB.SetCurrentDebugLocation(DL);
  if (ParentPad && F.hasPersonalityFn())
    CB.CreateInvoke(H, Exit, ParentPad, Args);
  else {
    CB.CreateCall(H, Args);
    CB.CreateBr(Exit);
  }
  // The interval's blocks are now unreachable in F; removed by the caller.
}

// An exception is unwinding through F (thrown by the continuation, or rethrown at a
// sync): before any cleanup or handler of F runs, wait for F's children (they may use
// its locals; in the serial program they would have finished). A child's exception is
// earlier in serial order than the one in flight: then the one in flight is destroyed
// and the child's thrown instead, into this same landing pad.
void Lowering::syncAtLandingPad(Function &F, LandingPadInst *LP, Value *SF) {
  BasicBlock *Pad = LP->getParent();
  BasicBlock *Rest = Pad->splitBasicBlock(std::next(LP->getIterator()), "sprig.lpad.synced");
  BasicBlock *Swap = emitSyncWait(F, Pad->getTerminator(), SF, Rest, LP->getDebugLoc(),
                                  "sprig.lpad", /*CheckException=*/true);
  IRBuilder<> B(Swap);
  BasicBlock *Dead = BasicBlock::Create(C, "sprig.lpad.noreturn", &F, Rest);
  B.CreateInvoke(InFlight, Dead, Pad, {SF, B.CreateExtractValue(LP, 0)});
  IRBuilder<>(Dead).CreateUnreachable();
}

// Every way an exception can leave F must wait for F's children and leave the frame
// (the root frame hands itself back to its own thread there). Calls that may throw outside
// any of F's EH scopes have no landing pad: give them one, a cleanup that only does that.
void Lowering::addExitPad(Function &F, Value *SF, const SmallPtrSetImpl<BasicBlock *> &Cold) {
  if (F.doesNotThrow())
    return;
  SmallVector<CallInst *, 16> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (Cold.count(&BB))
        break;  // no spawn before: an exception leaving here leaves no child behind
      else
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (!CI->doesNotThrow() && !isa<IntrinsicInst>(CI) && !CI->isInlineAsm() &&
            !CI->isMustTailCall())
          Calls.push_back(CI);
  if (Calls.empty())
    return;
  if (!F.hasPersonalityFn())
    F.setPersonalityFn(cast<Constant>(
        M.getOrInsertFunction("__gxx_personality_v0",
                              FunctionType::get(I32, /*isVarArg=*/true))
            .getCallee()));
  BasicBlock *Pad = BasicBlock::Create(C, "sprig.eh.exit", &F);
  IRBuilder<> B(Pad);
  LandingPadInst *LP = B.CreateLandingPad(StructType::get(PtrTy, I32), 0);
  LP->setCleanup(true);
  B.CreateResume(LP);
  ifSpawned(Pad->getTerminator(), [&](IRBuilder<> &TB) { TB.CreateCall(LeaveFrame, {SF}); });
  for (CallInst *CI : Calls)
    changeToInvokeAndSplitBasicBlock(CI, Pad);
  syncAtLandingPad(F, LP, SF);  // the sync goes between the pad and the leave
}

// The dynamic alloca that makes the backend address every local of F from the frame
// pointer and keep no reserved call frame (a continuation may run with the stack pointer
// on another stack). It must exist, not run: its block is reached only from an empty
// `asm goto`, so no instruction of it runs. Where it sits does not matter to the
// backend, so it goes to the first spawn's entry block, off the paths that never spawn.
void Lowering::emitForceFrame(IRBuilder<> &B) {
  GlobalVariable *Zero = M.getGlobalVariable("__sprig_zero");
  if (!Zero)
    Zero = new GlobalVariable(M, I64, false, GlobalValue::ExternalLinkage, nullptr,
                              "__sprig_zero");
  // An empty `asm goto` whose only target is the alloca's block: no instruction runs,
  // and the optimiser must keep the block (it cannot know the asm never jumps).
  BasicBlock *Here = B.GetInsertBlock();
  BasicBlock *Cont = Here->splitBasicBlock(B.GetInsertPoint(), "sprig.framed");
  BasicBlock *Force = BasicBlock::Create(C, "sprig.forceframe", Here->getParent(), Cont);
  Here->getTerminator()->eraseFromParent();
  IRBuilder<> HB(Here);
  HB.CreateCallBr(InlineAsm::get(FunctionType::get(VoidTy, false), "", "!i",
                                 /*hasSideEffects=*/true),
                  Cont, {Force});
  IRBuilder<> TB(Force);
  LoadInst *Z = TB.CreateLoad(I64, Zero, /*isVolatile=*/true, "sprig.zero");
  AllocaInst *Dyn = TB.CreateAlloca(I8, Z, "sprig.forceframe");
  Dyn->setAlignment(Align(16));
  TB.CreateCall(InlineAsm::get(FunctionType::get(VoidTy, {PtrTy}, false), "", "r,~{memory}",
                               /*hasSideEffects=*/true),
                {Dyn});
  TB.CreateBr(Cont);
  B.SetInsertPoint(Cont, Cont->begin());
}

// alloca and VLAs in F (runtime/alloca.cpp): a stolen continuation runs on the thief's
// stack and a sync moves it back, so stack memory allocated dynamically could vanish
// under a live pointer. Each dynamic alloca becomes a block of a per-invocation heap
// arena (a local of F, addressed from the frame pointer like every local); Clang's
// stacksave/stackrestore around a VLA's scope become a mark and a release of the arena.
// Returns the arena's slot, or null when F allocates nothing dynamically.
AllocaInst *Lowering::moveDynamicAllocasToHeap(Function &F) {
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
  const DataLayout &DL = M.getDataLayout();
  BasicBlock &EntryBB = F.getEntryBlock();
  IRBuilder<> EB(&EntryBB, EntryBB.begin());
  AllocaInst *Arena = EB.CreateAlloca(PtrTy, nullptr, "sprig.arena");
  EB.SetInsertPoint(Arena->getNextNode());
  EB.CreateStore(ConstantPointerNull::get(cast<PointerType>(PtrTy)), Arena);
  FunctionCallee Alloc = M.getOrInsertFunction("__sprig_alloca", PtrTy, PtrTy, I64, I64);
  FunctionCallee Release =
      M.getOrInsertFunction("__sprig_alloca_release", VoidTy, PtrTy, PtrTy);
  if (auto *AF = dyn_cast<Function>(Alloc.getCallee()))
    AF->setDoesNotThrow();  // it reports and aborts when memory runs out
  if (auto *RF = dyn_cast<Function>(Release.getCallee()))
    RF->setDoesNotThrow();
  for (AllocaInst *AI : Dyn) {
    IRBuilder<> B(AI);
    Value *N = B.CreateZExtOrTrunc(AI->getArraySize(), I64);
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

// alloca'd memory lives until F returns or unwinds: release the arena at every exit.
void Lowering::releaseArenaAtExits(Function &F, AllocaInst *Arena) {
  FunctionCallee Release =
      M.getOrInsertFunction("__sprig_alloca_release", VoidTy, PtrTy, PtrTy);
  SmallVector<Instruction *, 8> Exits;
  for (BasicBlock &BB : F)
    if (isa<ReturnInst>(BB.getTerminator()) || isa<ResumeInst>(BB.getTerminator()))
      Exits.push_back(BB.getTerminator());
  for (Instruction *T : Exits) {
    IRBuilder<> B(T);
    Value *Head = B.CreateLoad(PtrTy, Arena, "sprig.arena.head");
    Instruction *ThenT =
        SplitBlockAndInsertIfThen(B.CreateIsNotNull(Head), T->getIterator(), false);
    IRBuilder<> TB(ThenT);
    TB.CreateCall(Release, {Arena, ConstantPointerNull::get(cast<PointerType>(PtrTy))});
  }
}

// Run Body (at Before) only on paths that spawned.
void Lowering::ifSpawned(Instruction *Before, function_ref<void(IRBuilder<> &)> Body) {
  IRBuilder<> B(Before);
  Value *S = B.CreateLoad(B.getInt1Ty(), Spawned, "sprig.spawned");
  Instruction *ThenT = SplitBlockAndInsertIfThen(S, Before->getIterator(), false);
  IRBuilder<> TB(ThenT);
  Body(TB);
}

void Lowering::lowerFunction(Function &F) {
  SmallVector<Spawn, 8> Spawns;
  SmallVector<CallBase *, 8> Syncs;
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
      bool IsBegin = isMarkerCall(&I, BeginFn);
      bool IsEnd = isMarkerCall(&I, EndFn) || isMarkerCall(&I, EndVFn);
      if (IsBegin || IsEnd) {
        std::optional<uint64_t> Id = IdOf(I);
        if (!Id)
          return fail(F, "internal error: a spawn marker without a constant id",
                      I.getDebugLoc());
        auto [It, New] = ById.try_emplace(*Id, Spawns.size());
        if (New)
          Spawns.push_back(Spawn());
        Spawn &S = Spawns[It->second];
        CallBase *&Slot = IsBegin ? S.begin : S.end;
        if (Slot)
          return fail(F, "internal error: two spawn markers with one id", I.getDebugLoc());
        Slot = cast<CallBase>(&I);
      } else if (isMarkerCall(&I, SyncFn)) {
        Syncs.push_back(cast<CallBase>(&I));
      }
    }
  for (Spawn &S : Spawns)
    if (!S.begin || !S.end)
      return fail(F, "internal error: unmatched spawn marker",
                  (S.begin ? S.begin : S.end)->getDebugLoc());
  if (Spawns.empty()) {
    for (CallBase *S : Syncs)
      replaceMarkerCall(S);
    return;
  }

  // alloca / VLAs: from a heap arena, not the stack (a continuation changes stacks).
  AllocaInst *Arena = moveDynamicAllocasToHeap(F);

  SmallVector<BasicBlock *, 8> Resumed;
  ResumedBlocks = &Resumed;
  // 1. The frame.
  BasicBlock &EntryBB = F.getEntryBlock();
  IRBuilder<> EB(&EntryBB, EntryBB.begin());
  AllocaInst *SF = EB.CreateAlloca(ArrayType::get(I8, kFrameSize), nullptr, "sprig.frame");
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
  // (outline), where the dynamic alloca that forces frame-pointer addressing also sits
  // (emitForceFrame), so nothing at entry clobbers memory.
  EB.CreateStore(EB.getInt32(0), SF);
  SF->setMetadata("sprig.frame", MDNode::get(C, {}));  // found again by the late pass
  {
    IRBuilder<> AB(&EntryBB, EntryBB.begin());
    Spawned = AB.CreateAlloca(AB.getInt1Ty(), nullptr, "sprig.spawned");
  }
  EB.CreateStore(EB.getFalse(), Spawned);

  // 2. Spawns.
  for (Spawn &S : Spawns) {
    outline(F, S, SF);
    if (Failed)
      return;
  }
  removeUnreachableBlocks(F);
  // That also folded constant branches (`if (0) { label: ... }` keeps its body only for
  // the label) and deleted what became unreachable, syncs included: collect them again.
  Syncs.clear();
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isMarkerCall(&I, SyncFn))
        Syncs.push_back(cast<CallBase>(&I));
  // Cold blocks: those no spawn reaches (every spawn enters through a block that calls
  // Enter). There the flags are still 0: a sync waits for nothing, leaving the frame does
  // nothing, so none is emitted. A function whose leaves return before spawning then
  // keeps them free of frame code (and the late pass can split them off, see
  // splitSpawningPart).
  SmallPtrSet<BasicBlock *, 32> Cold;
  {
    SmallPtrSet<BasicBlock *, 32> Hot;
    SmallVector<BasicBlock *, 16> Work;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledOperand() == Enter.getCallee())
          if (Hot.insert(&BB).second)
            Work.push_back(&BB);
    while (!Work.empty())
      for (BasicBlock *S : successors(Work.pop_back_val()))
        if (Hot.insert(S).second)
          Work.push_back(S);
    for (BasicBlock &BB : F)
      if (!Hot.count(&BB))
        Cold.insert(&BB);
  }
  // 2b. Landing pads left in F (the spawned statements' own went to the helpers).
  SmallVector<LandingPadInst *, 8> LPads;
  for (BasicBlock &BB : F)
    if (auto *LP = dyn_cast<LandingPadInst>(BB.getFirstNonPHIIt()); LP && !Cold.count(&BB))
      LPads.push_back(LP);
  for (LandingPadInst *LP : LPads)
    syncAtLandingPad(F, LP, SF);
  // 3. Syncs (explicit and the implicit ones the rewrite placed before returns). A sync
  // reached only straight from another sync, with no spawn in between, waits for
  // nothing (`[[sprig::sync]]; return x + y;` gets an implicit sync too): drop it.
  SmallPtrSet<CallBase *, 8> SyncSet(Syncs.begin(), Syncs.end());
  auto Redundant = [&](CallBase *S) {
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
        if (SyncSet.count(CB))
          return true;  // (even along an unwind edge: a sync that throws has waited)
        if (Function *Callee = CB->getCalledFunction();
            Callee && Callee->getName().contains(".sprig.spawn."))
          return false;  // a spawn since the last sync
      }
      I = I->getPrevNode();
    }
    return false;
  };
  SmallVector<CallBase *, 8> Needed;
  for (CallBase *S : Syncs) {
    if (Cold.count(S->getParent()) || Redundant(S)) {
      SyncSet.erase(S);
      replaceMarkerCall(S);
    } else
      Needed.push_back(S);
  }
  for (CallBase *S : Needed)
    emitSync(F, S, SF, /*Rethrowing=*/true);
  // 4. Exits.
  SmallVector<Instruction *, 8> Exits;
  for (BasicBlock &BB : F)
    if ((isa<ReturnInst>(BB.getTerminator()) || isa<ResumeInst>(BB.getTerminator())) &&
        !Cold.count(&BB))
      Exits.push_back(BB.getTerminator());
  for (Instruction *T : Exits) {
    if (isa<ResumeInst>(T)) {
      // An exception leaves F: wait for the children first (they may use F's frame).
      BasicBlock *BB = T->getParent();
      CallInst *Mark = CallInst::Create(SyncFn, {}, "", T->getIterator());
      emitSync(F, Mark, SF, /*Rethrowing=*/false);  // T is now in the sync's continuation
      (void)BB;
    }
    ifSpawned(T, [&](IRBuilder<> &RB) {
      RB.SetCurrentDebugLocation(T->getDebugLoc());
      RB.CreateCall(LeaveFrame, {SF});
    });
  }
  // 4b. Exceptions leaving F from calls outside its EH scopes (from anywhere, when the
  // arena must be released on the way out).
  addExitPad(F, SF, Arena ? SmallPtrSet<BasicBlock *, 32>() : Cold);
  if (Arena)
    releaseArenaAtExits(F, Arena);
  // 4c. On every resumed path, the locals helpers write through pointers escape.
  ResumedBlocks = nullptr;
  {
    SmallSetVector<Value *, 16> Shared;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (Function *Callee = CB->getCalledFunction();
              Callee && Callee->getName().contains(".sprig.spawn."))
            for (Value *A : CB->args())
              if (A->getType()->isPointerTy() && !isa<Constant>(A))
                Shared.insert(A);  // locals, and memory only F knows of (new'd, say)
    auto *UseTy = FunctionType::get(VoidTy, {PtrTy}, false);
    for (BasicBlock *BB : Resumed)
      if (BB->getParent() == &F) {
        IRBuilder<> RB(BB->getTerminator());
        for (Value *A : Shared)
          RB.CreateCall(InlineAsm::get(UseTy, "", "r,~{memory}", /*hasSideEffects=*/true),
                        {A});
      }
  }
  // 5. Frame conditions.
  fixOverAligned(F);
  if (F.hasFnAttribute("frame-pointer"))  // for a frameless wrapper (SplitPrefix.cpp)
    F.addFnAttr("sprig-orig-frame-pointer",
                F.getFnAttribute("frame-pointer").getValueAsString());
  F.addFnAttr("frame-pointer", "all");
  F.addFnAttr("no-realign-stack");
  F.addFnAttr("sprig-spawner");  // for the late pass (over-aligned allocas from inlining)
  F.removeFnAttr(Attribute::AlwaysInline);
  F.removeFnAttr(Attribute::InlineHint);
  F.addFnAttr(Attribute::NoInline);
  removeUnreachableBlocks(F);
}

bool Lowering::run() {
  BeginFn = M.getFunction("__sprig_spawn_begin");
  EndFn = M.getFunction("__sprig_spawn_end");
  EndVFn = M.getFunction("__sprig_spawn_end_v");
  SyncFn = M.getFunction("__sprig_sync");
  for (Function &F : M) {
    if (F.getName().starts_with("__sprig_tag_"))
      TagFns.insert(&F);
    else if (F.getName() == "__sprig_lhs_begin")
      LhsBeginFn = &F;
    else if (F.getName().starts_with("__sprig_lhs_"))
      LhsFns.insert(&F);
  }
  if (!BeginFn && !SyncFn)
    return false;
  if (!SyncFn)  // code after a throw may have dropped every sync: declare it for exits
    SyncFn = Function::Create(FunctionType::get(VoidTy, false), GlobalValue::ExternalLinkage,
                              "__sprig_sync", M);

  SmallVector<Function *, 16> Work;
  SmallPtrSet<Function *, 16> Seen;
  for (Function *Marker : {BeginFn, SyncFn})
    if (Marker)
      for (User *U : Marker->users())
        if (auto *CB = dyn_cast<CallBase>(U))
          if (Seen.insert(CB->getFunction()).second)
            Work.push_back(CB->getFunction());
  bool NeedABI = BeginFn && !BeginFn->use_empty();
  if (NeedABI && !linkABI())
    return true;
  for (Function *F : Work) {
    lowerFunction(*F);
    if (Failed)
      break;
  }
  // Remove what is left of the markers (bodies were never emitted: declarations).
  SmallVector<Function *, 16> Dead;
  for (Function *Fn : {BeginFn, EndFn, EndVFn, SyncFn})
    if (Fn)
      Dead.push_back(Fn);
  for (Function *Fn : TagFns)
    Dead.push_back(Fn);
  for (Function *Fn : LhsFns)
    Dead.push_back(Fn);
  if (LhsBeginFn)
    Dead.push_back(LhsBeginFn);
  for (Function *Fn : Dead) {
    if (Fn->use_empty())
      Fn->eraseFromParent();
    else if (!Failed)
      C.diagnose(DiagnosticInfoGeneric("sprig: internal error: marker " + Fn->getName() +
                                       " still used after lowering"));
  }
  return true;
}

struct LowerSpawnsPass : PassInfoMixin<LowerSpawnsPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    Lowering L(M);
    return L.run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

// `-mllvm -sprig-split-prefix=0` keeps spawning functions whole (to measure the split).
static cl::opt<bool> SplitPrefix("sprig-split-prefix", cl::init(true), cl::Hidden,
                                 cl::desc("Sprig: split the paths that never spawn into "
                                          "a frameless wrapper"));

// Inlining runs after LowerSpawns and can bring over-aligned allocas into a spawning
// function (an inlined callee's alignas(64) array): fix those up at the end of the
// pipeline, before the backend would realign the stack.
struct FixSpawnerFramesPass : PassInfoMixin<FixSpawnerFramesPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    bool Changed = false;
    SmallVector<Function *, 16> Spawners;
    for (Function &F : M)
      if (!F.isDeclaration() && F.hasFnAttribute("sprig-spawner"))
        Spawners.push_back(&F);
    for (Function *F : Spawners) {
      fixOverAlignedAllocas(M, *F);
      if (SplitPrefix)
        splitNonSpawningPrefix(*F);
      Changed = true;
    }
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

}  // namespace

void registerLoweringPass(clang::CompilerInstance &CI) {
  CI.getCodeGenOpts().PassBuilderCallbacks.push_back([](PassBuilder &PB) {
    PB.registerPipelineStartEPCallback(
        [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(LowerSpawnsPass()); });
    PB.registerOptimizerLastEPCallback(
        [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
          MPM.addPass(FixSpawnerFramesPass());
        });
  });
}

}  // namespace sprig
