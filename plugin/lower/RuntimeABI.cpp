//===- plugin/lower/RuntimeABI.cpp - what the lowering emits of sprig/abi.h ===//
#include "RuntimeABI.h"
#include "LoweringContext.h"
#include "ParallelTarget.h"
#include "sprig/abi.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include <dlfcn.h>

using namespace llvm;

namespace sprig {

const uint64_t RuntimeABI::FrameSize = sizeof(sprig_frame);
const uint64_t RuntimeABI::CtxOffset = offsetof(sprig_frame, ctx);
const uint32_t RuntimeABI::FlagStolen = SPRIG_FRAME_STOLEN;
const uint32_t RuntimeABI::FlagException = SPRIG_FRAME_EXCEPTION;
const uint32_t RuntimeABI::FlagCancelled = SPRIG_FRAME_CANCELLED;
const uint32_t RuntimeABI::FlagPedigree = SPRIG_FRAME_PEDIGREE;
const uint32_t RuntimeABI::FlagPCInCtx = SPRIG_FRAME_PC_IN_CTX;
const uint32_t RuntimeABI::FlagCheckPC = SPRIG_FRAME_CHECK_PC;
const unsigned RuntimeABI::CtxPC = SPRIG_CTX_PC;
const unsigned RuntimeABI::CtxSSP = SPRIG_CTX_SSP;
// The lowering stores 0 to the frame's first word for "no flag set" (LowerSpawns.cpp)
// and captures a continuation as __builtin_setjmp does on x86-64 (emitSetjmp).
static_assert(offsetof(sprig_frame, flags) == 0, "flags first");
static_assert(sizeof(((sprig_frame *)nullptr)->flags) == 4, "flags is an i32");
static_assert(SPRIG_CTX_FP == 0 && SPRIG_CTX_PC == 1 && SPRIG_CTX_SP == 2,
              "llvm.eh.sjlj.setjmp's buffer: frame pointer, resume address, stack pointer");
static_assert(SPRIG_CTX_WORDS >= 5, "ctx holds the setjmp buffer and the FP state");

static std::string pluginDir() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&pluginDir), &Info) && Info.dli_fname)
    return sys::path::parent_path(Info.dli_fname).str();
  return ".";
}

RuntimeABI::RuntimeABI(Module &M, ParallelTarget &Target)
    : M(M), Target(Target), C(M.getContext()) {
  PtrTy = PointerType::getUnqual(C);
  I8 = Type::getInt8Ty(C);
  I32 = Type::getInt32Ty(C);
  I64 = Type::getInt64Ty(C);
  VoidTy = Type::getVoidTy(C);
}

// ---- ABI functions: declarations, then their bodies linked from abi.bc ----
bool RuntimeABI::link() {
  // Which fast path enters a frame is the continuation kind's (return-address frames
  // leave SPRIG_FRAME_PC_IN_CTX clear: a thief reads the resume point from the stack).
  Enter = M.getOrInsertFunction(Target.enterFrameFn(), VoidTy, PtrTy);
  // The thread binds as a root at the frame's first spawn, in the parent (Bind); the
  // helper's detach then needs no test of the thread's worker (sprig/abi.h, sprig_bind).
  Bind = M.getOrInsertFunction("__sprig_bc_bind", VoidTy, PtrTy);
  Detach = M.getOrInsertFunction("__sprig_bc_detach_bound", I32, PtrTy);
  LeaveHelper = M.getOrInsertFunction("__sprig_bc_leave_helper", VoidTy, PtrTy);
  LeaveFrame = M.getOrInsertFunction("__sprig_bc_leave_frame", VoidTy, PtrTy);
  if (sprigCountSpawns())
    CountSpawn = M.getOrInsertFunction("__sprig_bc_count_spawn", VoidTy);
  // The thread-local read of the serial gate, emitted by the late pass
  // (late/SerialGate.cpp).
  M.getOrInsertFunction("__sprig_bc_self", PtrTy);
  SyncSuspend = M.getOrInsertFunction("__sprig_sync_suspend", VoidTy, PtrTy);
  Rethrow = M.getOrInsertFunction("__sprig_rethrow", VoidTy, PtrTy);
  // Neither throws (runtime/cancel.cpp): plain calls, no exit pad's invoke around them.
  CancelEnd = M.getOrInsertFunction("__sprig_cancel_end", VoidTy, PtrTy);
  if (auto *F = dyn_cast<Function>(CancelEnd.getCallee()))
    F->setDoesNotThrow();
  if (Function *CH = M.getFunction(markers::CancelHere); CH && !CH->use_empty()) {
    Cancel = M.getOrInsertFunction("__sprig_cancel", VoidTy, PtrTy);
    if (auto *F = dyn_cast<Function>(Cancel.getCallee()))
      F->setDoesNotThrow();
  }
  ChildThrew = M.getOrInsertFunction("__sprig_child_threw", VoidTy, PtrTy, PtrTy, I32);
  LeaveHelperExc = M.getOrInsertFunction("__sprig_leave_helper_exc", VoidTy, PtrTy);
  InFlight = M.getOrInsertFunction("__sprig_exception_in_flight", VoidTy, PtrTy, PtrTy);
  // Declared only where a scope has spawns: a module without scopes links and emits
  // nothing more than before.
  const bool Scopes = [&] {
    Function *SS = M.getFunction(markers::SpawnScope);
    return SS && !SS->use_empty();
  }();
  if (Scopes) {
    LeaveHelperScoped =
        M.getOrInsertFunction("__sprig_bc_leave_helper_scoped", VoidTy, PtrTy, PtrTy);
    LeaveHelperExcScoped =
        M.getOrInsertFunction("__sprig_leave_helper_exc_scoped", VoidTy, PtrTy, PtrTy);
    ScopeSuspend = M.getOrInsertFunction("__sprig_scope_suspend", VoidTy, PtrTy, PtrTy);
    if (auto *F = dyn_cast<Function>(ScopeSuspend.getCallee()))
      F->setDoesNotThrow();
  }
  if (auto *F = dyn_cast<Function>(SyncSuspend.getCallee())) {
    F->setDoesNotReturn();
    F->setDoesNotThrow();
  }
  Target.declareEntryPoints(M);

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
  // abi.bc is built without ThreadSanitizer, so its SPRIG_RACY_LOADs (sprig/deque.h) are
  // volatile loads, which TSan would instrument as plain accesses racing with the thieves'
  // atomics, and so are the stores of SPRIG_OWNER_DECREMENT and
  // SPRIG_OWNER_PUBLISH_INCREMENT. In a module built with TSan they become atomics: the
  // loads relaxed, the stores release. (The header's only volatile accesses are those.)
  if (any_of(M,
             [](const Function &F) { return F.hasFnAttribute(Attribute::SanitizeThread); }))
    for (Function &F : *ABI)
      for (BasicBlock &BB : F)
        for (Instruction &I : BB) {
          if (auto *LI = dyn_cast<LoadInst>(&I); LI && LI->isVolatile()) {
            LI->setVolatile(false);
            LI->setAtomic(AtomicOrdering::Monotonic);
          } else if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->isVolatile()) {
            // SPRIG_OWNER_DECREMENT's (relaxed) and SPRIG_OWNER_PUBLISH_INCREMENT's
            // (release): release serves both.
            SI->setVolatile(false);
            SI->setAtomic(AtomicOrdering::Release);
          }
        }
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
  addLinkHint();
  addAbiCheck();
  Target.afterLink(*this);
  // Linking replaced our declarations by new functions: look them up again.
  Enter = M.getFunction(Target.enterFrameFn());
  Bind = M.getFunction("__sprig_bc_bind");
  Detach = M.getFunction("__sprig_bc_detach_bound");
  LeaveHelper = M.getFunction("__sprig_bc_leave_helper");
  LeaveFrame = M.getFunction("__sprig_bc_leave_frame");
  if (Scopes)
    LeaveHelperScoped = M.getFunction("__sprig_bc_leave_helper_scoped");
  if (sprigCountSpawns())
    CountSpawn = M.getFunction("__sprig_bc_count_spawn");
  for (const char *Name :
       {"__sprig_bc_enter_frame", "__sprig_bc_enter_frame_ra", "__sprig_bc_bind",
        "__sprig_bc_detach_bound", "__sprig_bc_leave_helper", "__sprig_bc_leave_frame",
        "__sprig_bc_count_spawn", "__sprig_bc_self", "__sprig_bc_leave_helper_scoped"}) {
    if (Function *F = M.getFunction(Name); F && !F->isDeclaration()) {
      F->setLinkage(GlobalValue::InternalLinkage);
      F->removeFnAttr(Attribute::NoInline);
      F->removeFnAttr(Attribute::OptimizeNone);
      F->addFnAttr(Attribute::AlwaysInline);
    }
  }
  return true;
}

// The deque's slow paths, __sprig_push_slow and __sprig_pop_slow, are defined
// `preserve_most` by the runtime (x86-64 ELF; sprig/deque.h): calling them so, a helper
// need not keep the spawned call's arguments (evaluated before the push) or the parent
// frame (needed after the pop) in callee-saved registers. The calls must not go
// through a lazily bound PLT entry, whose resolver clobbers r10 (which preserve_most
// callers may keep values in): they are `nonlazybind`, calls through the GOT, bound at
// load time. Code compiled from abi.h without the plugin calls them with the C
// convention, which is also correct.
void RuntimeABI::usePreserveMostSlowPaths() {
  for (const char *Name : {"__sprig_push_slow", "__sprig_pop_slow"})
    if (Function *W = M.getFunction(Name)) {
      W->setCallingConv(CallingConv::PreserveMost);
      W->addFnAttr(Attribute::NonLazyBind);
      for (User *U : W->users())
        if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledFunction() == W)
          CB->setCallingConv(CallingConv::PreserveMost);
    }
}

bool RuntimeABI::fastPathsLinked() const {
  auto Defined = [](FunctionCallee FC) {
    auto *F = dyn_cast_or_null<Function>(FC.getCallee());
    return F && !F->isDeclaration();
  };
  return Defined(Enter) && Defined(Bind) && Defined(Detach) && Defined(LeaveHelper) &&
         Defined(LeaveFrame) && (!sprigCountSpawns() || Defined(CountSpawn));
}

// Objects with spawns built by sprig++ but linked by another driver without -lsprig fail
// with "undefined reference to __sprig_tls_worker" and the like, which says nothing of the
// cause. So each such module also refers to a symbol whose name is the advice (defined by
// libsprig, runtime/scheduler.cpp), from a private constant kept by llvm.compiler.used:
// the linker's list of undefined references then carries the fix. One pointer per module.
void RuntimeABI::addLinkHint() {
  const char *Name = "__sprig_runtime_not_linked__link_with_sprigxx_or_add_lsprig";
  if (M.getNamedValue("sprig.link.hint"))
    return;
  GlobalVariable *Hint = M.getGlobalVariable(Name);
  if (!Hint)
    Hint = new GlobalVariable(M, I8, /*isConstant=*/true, GlobalValue::ExternalLinkage,
                              nullptr, Name);
  auto *Ref = new GlobalVariable(M, PtrTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                 Hint, "sprig.link.hint");
  appendToCompilerUsed(M, {Ref});
}

// The module checks, once, when it is loaded, that the runtime speaks its ABI: a
// constructor calls __sprig_check_abi with the magic of the sprig/abi.h this plugin (and
// its abi.bc) was built from. Frames carry no magic of their own (a word less to store
// per frame), so this is what stops a module built by another Sprig before its first
// frame.
void RuntimeABI::addAbiCheck() {
  if (M.getFunction("sprig.check.abi"))
    return;
  Function *Check = Function::Create(FunctionType::get(VoidTy, false),
                                     GlobalValue::InternalLinkage, "sprig.check.abi", M);
  Check->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Check->addFnAttr(Attribute::NoUnwind);
  FunctionCallee Runtime = M.getOrInsertFunction("__sprig_check_abi", VoidTy, I32);
  if (auto *Fn = dyn_cast<Function>(Runtime.getCallee()))
    Fn->setDoesNotThrow();
  IRBuilder<> B(BasicBlock::Create(C, "entry", Check));
  B.CreateCall(Runtime, {B.getInt32(SPRIG_ABI_MAGIC)});
  B.CreateRetVoid();
  appendToGlobalCtors(M, Check, /*Priority=*/65535);
}

static cl::opt<bool> LocalExecTLS(
    "sprig-local-exec-tls", cl::init(true), cl::Hidden,
    cl::desc("Sprig: in code for an executable, read the thread's worker with one "
             "local-exec access to the executable's own __sprig_tls_worker"));

// The thread's worker in one instruction (x86-64 ELF executables, PIE or not).
//
// sprig/abi.h reads `__sprig_tls_worker` with the initial-exec sequence, which works in
// any module: `movq x@gottpoff(%rip), %r; movq %fs:(%r), %r`. A module that will be part
// of an executable (PIE level set, or not position-independent) can use the local-exec
// form, `movq %fs:x@tpoff, %r`, if the executable defines the variable itself. So such a
// module defines it (weak: one per executable, whatever the number of translation units;
// the runtime's strong one wins in a static link), and every reading sequence of the
// linked ABI functions is rewritten to the local-exec form. The runtime (libsprig.so)
// defines the variable too, with default visibility, and reaches it only through dynamic
// relocations against the symbol; the dynamic linker binds those to the executable's
// definition, which comes first in the lookup (ELF interposition, as with an executable's
// own malloc), so the runtime and the executable's code share one variable. The module's
// constructor checks that they do (__sprig_check_tls), so a link that breaks the
// interposition (libsprig loaded with dlopen, say) stops with a clear message instead of
// every spawn finding no worker. Shared libraries keep the initial-exec sequence, which
// the interposition serves as well. Saves one instruction per read: two per spawn.
void RuntimeABI::useLocalExecTLS() {
  if (!LocalExecTLS)
    return;
  if (M.getPIELevel() == PIELevel::Default && M.getPICLevel() != PICLevel::NotPIC)
    return;  // may end up in a shared library
  const std::string IE = "movq __sprig_tls_worker@gottpoff(%rip), $0\n\tmovq %fs:($0), $0";
  const std::string LE = "movq %fs:__sprig_tls_worker@tpoff, $0";
  SmallVector<CallBase *, 8> Reads;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (auto *IA = dyn_cast<InlineAsm>(CB->getCalledOperand());
              IA && IA->getAsmString() == IE)
            Reads.push_back(CB);
  if (Reads.empty())
    return;
  GlobalVariable *Var = M.getGlobalVariable("__sprig_tls_worker");
  if (!Var)
    Var = new GlobalVariable(M, PtrTy, /*isConstant=*/false, GlobalValue::WeakAnyLinkage,
                             ConstantPointerNull::get(cast<PointerType>(PtrTy)),
                             "__sprig_tls_worker", nullptr, GlobalValue::LocalExecTLSModel);
  else if (Var->isDeclaration()) {
    Var->setLinkage(GlobalValue::WeakAnyLinkage);
    Var->setInitializer(ConstantPointerNull::get(cast<PointerType>(PtrTy)));
    Var->setThreadLocalMode(GlobalValue::LocalExecTLSModel);
  }
  Var->setAlignment(Align(8));
  Var->setDSOLocal(true);
  appendToCompilerUsed(M, {Var});  // referenced from asm only
  for (CallBase *CB : Reads) {
    auto *IA = cast<InlineAsm>(CB->getCalledOperand());
    CB->setCalledOperand(InlineAsm::get(
        IA->getFunctionType(), LE, IA->getConstraintString(), IA->hasSideEffects(),
        IA->isAlignStack(), IA->getDialect(), IA->canThrow()));
  }
  // The constructor that checks the ABI also checks that the runtime reads this variable.
  Function *Check = M.getFunction("sprig.check.abi");
  if (!Check || Check->isDeclaration())
    return;
  FunctionCallee Tls = M.getOrInsertFunction("__sprig_check_tls", VoidTy, PtrTy);
  if (auto *Fn = dyn_cast<Function>(Tls.getCallee()))
    Fn->setDoesNotThrow();
  IRBuilder<> B(Check->getEntryBlock().getTerminator());
  Function *Addr =
      Intrinsic::getOrInsertDeclaration(&M, Intrinsic::threadlocal_address, {PtrTy});
  B.CreateCall(Tls, {B.CreateCall(Addr, {Var})});
}

Value *RuntimeABI::emitSetjmp(IRBuilder<> &B, Value *SF) {
  // What clang emits for __builtin_setjmp(sf->ctx): FP in word SPRIG_CTX_FP, SP in word
  // SPRIG_CTX_SP, then the intrinsic, which stores the resume address in SPRIG_CTX_PC.
  Value *Ctx = B.CreateConstInBoundsGEP1_64(I8, SF, CtxOffset, "sprig.ctx");
  Function *FA = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::frameaddress, {PtrTy});
  B.CreateStore(B.CreateCall(FA, {B.getInt32(0)}),
                SPRIG_CTX_FP == 0 ? Ctx
                                  : B.CreateConstInBoundsGEP1_64(PtrTy, Ctx, SPRIG_CTX_FP));
  Function *SS = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::stacksave, {PtrTy});
  B.CreateStore(B.CreateCall(SS, {}),
                B.CreateConstInBoundsGEP1_64(PtrTy, Ctx, SPRIG_CTX_SP, "sprig.ctx.sp"));
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

// Return-address continuations: the words of ctx a thief or resumer needs besides the
// resume address. The frame pointer is F's for the whole invocation. The stack pointer
// here is the one F's code runs with between calls (its allocas are static or on the
// heap arena, and the forced-frame alloca never runs), the value a sync completed on
// the frame's own stack restores (orig_sp). The runtime rewrites this word when it
// moves the continuation to another stack (stack_switch.h, jump_into), so one store per
// invocation keeps it right.
void RuntimeABI::emitFrameContext(IRBuilder<> &B, Value *SF) {
  Value *Ctx = B.CreateConstInBoundsGEP1_64(I8, SF, CtxOffset, "sprig.ctx");
  Function *FA = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::frameaddress, {PtrTy});
  B.CreateStore(B.CreateCall(FA, {B.getInt32(0)}),
                B.CreateConstInBoundsGEP1_64(PtrTy, Ctx, SPRIG_CTX_FP, "sprig.ctx.fp"));
  Function *SS = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::stacksave, {PtrTy});
  B.CreateStore(B.CreateCall(SS, {}),
                B.CreateConstInBoundsGEP1_64(PtrTy, Ctx, SPRIG_CTX_SP, "sprig.ctx.sp"));
}

// In the helper: `parent->ctx[Word] = __builtin_return_address(0)`. The helper is called
// `preserve_none` with no stack arguments, so at its return address the parent needs only
// its frame pointer and a stack pointer (docs/design.md, "Continuations"). A thief reads
// that address from the stack (sprig_stolen_resume_pc), so helpers store it only in a
// frame that also has setjmp spawns (Word = SPRIG_CTX_PC), or, for the tests' check, in
// SPRIG_CTX_SSP.
void RuntimeABI::emitRecordResumePC(IRBuilder<> &B, Value *ParentSF, unsigned Word) {
  Value *Ctx = B.CreateConstInBoundsGEP1_64(I8, ParentSF, CtxOffset, "sprig.ctx");
  Function *RA = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::returnaddress);
  B.CreateStore(B.CreateCall(RA, {B.getInt32(0)}, "sprig.resume.pc"),
                B.CreateConstInBoundsGEP1_64(PtrTy, Ctx, Word, "sprig.ctx.pc"));
}

// `sf->flags |= Bits` (the frame is the caller's: before the push, or in its parent).
void RuntimeABI::emitSetFlags(IRBuilder<> &B, Value *SF, uint32_t Bits) {
  Value *Old = B.CreateLoad(I32, SF, "sprig.flags");
  B.CreateStore(B.CreateOr(Old, B.getInt32(Bits)), SF);
}

// The dynamic alloca that makes the backend address every local of F from the frame
// pointer and keep no reserved call frame (a continuation may run with the stack pointer
// on another stack). It must exist, not run: its block is reached only from an empty
// `asm goto`, so no instruction of it runs. Where it sits does not matter to the
// backend, so it goes to the first spawn's entry block, off the paths that never spawn.
void RuntimeABI::emitForceFrame(IRBuilder<> &B) {
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

// The edge a resumed continuation takes out of a setjmp (it returned again, after a
// longjmp). LLVM sees no call on that path, but the frame's memory has changed meanwhile
// (a child wrote results, a helper evaluated `i++` in the parent's locals): an opaque
// memory clobber makes everything after it reload from memory. The block is completed at
// the end of the lowering (LowerSpawns.cpp) with one use of every pointer a helper
// receives (F's locals, memory only F knew of): a memory clobber alone does not do, LLVM
// knows those locals do not escape on this path and would forward their old values.
BasicBlock *SpawnFrame::resumedEdge(BasicBlock *Target, const Twine &Name) {
  SPRIG_ASSERT(Target->getParent() == &F, "a resumed edge stays in its function");
  LLVMContext &C = F.getContext();
  BasicBlock *BB = BasicBlock::Create(C, Name, &F, Target);
  IRBuilder<> B(BB);
  B.CreateCall(InlineAsm::get(FunctionType::get(Type::getVoidTy(C), false), "", "~{memory}",
                              /*hasSideEffects=*/true));
  B.CreateBr(Target);
  Resumed.push_back(BB);
  return BB;
}

// The wait of a sync, in place of the terminator Term (which it erases):
//   if (!spawned) goto Cont;
//   if (flags & (STOLEN|EXCEPTION|CANCELLED)) {
//     if ((flags & STOLEN) && setjmp(ctx) == 0) __sprig_sync_suspend(sf);  // no return
//     <resumed edge>
//     if (flags & CANCELLED) __sprig_cancel_end(sf);  // the epoch's cancel ends
//     if (flags & EXCEPTION) goto Pending;
//   }
//   goto Cont;
// Returns Pending, an empty block for the caller to fill (null if !CheckException).
BasicBlock *RuntimeABI::emitSyncWait(SpawnFrame &Fr, Instruction *Term, BasicBlock *Cont,
                                     const DebugLoc &DL, StringRef Prefix,
                                     bool CheckException) {
  Function &F = Fr.F;
  Value *SF = Fr.SF;
  SPRIG_ASSERT(SF && Fr.Spawned && Term->getFunction() == &F && Cont->getParent() == &F,
               "a sync waits in a function whose frame exists");
  IRBuilder<> B(Term);
  B.SetCurrentDebugLocation(DL);
  {  // no spawn on the way here: nothing to wait for
    BasicBlock *Test = BasicBlock::Create(C, Prefix + ".test", &F, Cont);
    B.CreateCondBr(B.CreateLoad(B.getInt1Ty(), Fr.Spawned, "sprig.spawned"), Test, Cont);
    Term->eraseFromParent();
    Term = BranchInst::Create(Cont, Test);
    B.SetInsertPoint(Term);
  }
  // The fast test reads the flags with a volatile load, whose value nothing else uses:
  // the backend then folds it into the test (`testb $3, off(%rbp)`, one instruction
  // less than a load and a test), where a plain load shared with the slow path's tests
  // stays in a register. The slow path reads the flags again. The frame is the runner's
  // (a thief's writes to it happen before the resume that makes this code run), so the
  // two reads see the same value; volatile (both) only keeps the optimiser from merging
  // them.
  LoadInst *Flags = B.CreateLoad(I32, SF, "sprig.flags");
  Flags->setVolatile(true);
  Value *Any = B.CreateICmpNE(
      B.CreateAnd(Flags, B.getInt32(FlagStolen | FlagException | FlagCancelled)),
      B.getInt32(0));
  BasicBlock *Slow = BasicBlock::Create(C, Prefix + ".slow", &F, Cont);
  B.CreateCondBr(Any, Slow, Cont);
  Term->eraseFromParent();
  B.SetInsertPoint(Slow);
  LoadInst *SlowFlags = B.CreateLoad(I32, SF, "sprig.flags.slow");
  SlowFlags->setVolatile(true);  // else GVN forwards the first read's value to it
  Value *Stolen =
      B.CreateICmpNE(B.CreateAnd(SlowFlags, B.getInt32(FlagStolen)), B.getInt32(0));
  BasicBlock *Jmp = BasicBlock::Create(C, Prefix + Target.syncSuspendSuffix(), &F, Cont);
  BasicBlock *Exc = BasicBlock::Create(C, Prefix + ".exc", &F, Cont);
  B.CreateCondBr(Stolen, Jmp, Exc);
  B.SetInsertPoint(Jmp);
  Target.emitSyncSuspend(B, *this, Fr, Exc, Cont, Prefix);
  B.SetInsertPoint(Exc);
  {  // a cancel of this epoch ends here, every child having ended (runtime/cancel.cpp)
    LoadInst *FlagsC = B.CreateLoad(I32, SF, "sprig.flags.cancel");
    FlagsC->setVolatile(true);
    Value *Cancelled =
        B.CreateICmpNE(B.CreateAnd(FlagsC, B.getInt32(FlagCancelled)), B.getInt32(0));
    BasicBlock *End = BasicBlock::Create(C, Prefix + ".cancel.end", &F, Cont);
    BasicBlock *After = BasicBlock::Create(C, Prefix + ".cancel.after", &F, Cont);
    B.CreateCondBr(Cancelled, End, After);
    B.SetInsertPoint(End);
    B.CreateCall(CancelEnd, {SF});
    B.CreateBr(After);
    B.SetInsertPoint(After);
  }
  if (!CheckException) {
    B.CreateBr(Cont);
    return nullptr;
  }
  Value *Flags2 = B.CreateLoad(I32, SF, "sprig.flags2");
  Value *HasExc =
      B.CreateICmpNE(B.CreateAnd(Flags2, B.getInt32(FlagException)), B.getInt32(0));
  BasicBlock *Pending = BasicBlock::Create(C, Prefix + ".pending", &F, Cont);
  B.CreateCondBr(HasExc, Pending, Cont);
  return Pending;
}

const unsigned RuntimeABI::ScopeSize = sizeof(sprig_scope);
const unsigned RuntimeABI::ScopeStolen = offsetof(sprig_scope, stolen);
const unsigned RuntimeABI::ScopeMark = offsetof(sprig_scope, mark);
const unsigned RuntimeABI::FrameSteals = offsetof(sprig_frame, steals);
static_assert(offsetof(sprig_scope, join) == 0, "a scope record starts with its counter");
static_assert(sizeof(((sprig_scope *)nullptr)->stolen) == 4 &&
                  sizeof(((sprig_scope *)nullptr)->mark) == 4 &&
                  sizeof(((sprig_frame *)nullptr)->steals) == 4,
              "stolen, mark and steals are i32s");

// sprig_scope_before_spawn / sprig_scope_after_spawn (sprig/abi/fastpath.h).
void RuntimeABI::emitScopeBeforeSpawn(IRBuilder<> &B, Value *SF, Value *Scope) {
  Value *Steals =
      B.CreateLoad(I32, B.CreateConstInBoundsGEP1_64(I8, SF, FrameSteals), "sprig.steals");
  B.CreateStore(Steals, B.CreateConstInBoundsGEP1_64(I8, Scope, ScopeMark));
}
void RuntimeABI::emitScopeAfterSpawn(IRBuilder<> &B, Value *SF, Value *Scope) {
  Value *Steals =
      B.CreateLoad(I32, B.CreateConstInBoundsGEP1_64(I8, SF, FrameSteals), "sprig.steals");
  Value *Mark =
      B.CreateLoad(I32, B.CreateConstInBoundsGEP1_64(I8, Scope, ScopeMark), "sprig.mark");
  Value *StolenP = B.CreateConstInBoundsGEP1_64(I8, Scope, ScopeStolen);
  Value *Stolen = B.CreateLoad(I32, StolenP, "sprig.stolen");
  B.CreateStore(B.CreateAdd(Stolen, B.CreateZExt(B.CreateICmpNE(Steals, Mark), I32)),
                StolenP);
}

// The exit of a scope (SPRIG_SCOPE_EXIT, sprig/abi/fastpath.h), in place of Term:
//   if (scope.stolen != 0 || (flags & EXCEPTION)) {
//     if (scope.stolen != 0 && setjmp(ctx) == 0) __sprig_scope_suspend(sf, scope);
//     <resumed edge>
//     if (flags & EXCEPTION) goto Pending;
//   }
//   goto Cont;
BasicBlock *RuntimeABI::emitScopeWait(SpawnFrame &Fr, Value *Scope, Instruction *Term,
                                      BasicBlock *Cont, const DebugLoc &DL) {
  Function &F = Fr.F;
  Value *SF = Fr.SF;
  IRBuilder<> B(Term);
  B.SetCurrentDebugLocation(DL);
  Value *StolenP = B.CreateConstInBoundsGEP1_64(I8, Scope, ScopeStolen);
  Value *Stolen = B.CreateLoad(I32, StolenP, "sprig.scope.stolen");
  LoadInst *Flags = B.CreateLoad(I32, SF, "sprig.flags");
  Flags->setVolatile(true);
  Value *Any = B.CreateOr(
      B.CreateICmpNE(Stolen, B.getInt32(0)),
      B.CreateICmpNE(B.CreateAnd(Flags, B.getInt32(FlagException)), B.getInt32(0)));
  BasicBlock *Slow = BasicBlock::Create(C, "sprig.scope.slow", &F, Cont);
  B.CreateCondBr(Any, Slow, Cont);
  Term->eraseFromParent();
  B.SetInsertPoint(Slow);
  LoadInst *Stolen2 = B.CreateLoad(I32, StolenP, "sprig.scope.stolen2");
  Stolen2->setVolatile(true);  // not merged with the fast test's
  BasicBlock *Jmp = BasicBlock::Create(C, "sprig.scope.wait", &F, Cont);
  BasicBlock *Exc = BasicBlock::Create(C, "sprig.scope.exc", &F, Cont);
  B.CreateCondBr(B.CreateICmpNE(Stolen2, B.getInt32(0)), Jmp, Exc);
  B.SetInsertPoint(Jmp);
  Value *R = emitSetjmp(B, SF);
  BasicBlock *Susp = BasicBlock::Create(C, "sprig.scope.suspend", &F, Cont);
  B.CreateCondBr(B.CreateICmpEQ(R, B.getInt32(0)), Susp,
                 Fr.resumedEdge(Exc, "sprig.scope.resumed"));
  B.SetInsertPoint(Susp);
  // Returns when every child of the scope already ended; otherwise the frame comes back
  // through the setjmp above.
  B.CreateCall(ScopeSuspend, {SF, Scope});
  B.CreateBr(Exc);
  B.SetInsertPoint(Exc);
  LoadInst *Flags2 = B.CreateLoad(I32, SF, "sprig.flags2");
  Flags2->setVolatile(true);
  Value *HasExc =
      B.CreateICmpNE(B.CreateAnd(Flags2, B.getInt32(FlagException)), B.getInt32(0));
  BasicBlock *Pending = BasicBlock::Create(C, "sprig.scope.pending", &F, Cont);
  B.CreateCondBr(HasExc, Pending, Cont);
  return Pending;
}

// Landing pads need a personality; generated code is C++ (the Itanium C++ ABI's).
Constant *RuntimeABI::personality() {
  return cast<Constant>(
      M.getOrInsertFunction("__gxx_personality_v0", FunctionType::get(I32, true))
          .getCallee());
}

FunctionCallee RuntimeABI::allocaFn() {
  FunctionCallee Alloc = M.getOrInsertFunction("__sprig_alloca", PtrTy, PtrTy, I64, I64);
  if (auto *AF = dyn_cast<Function>(Alloc.getCallee()))
    AF->setDoesNotThrow();  // it reports and aborts when memory runs out
  return Alloc;
}

FunctionCallee RuntimeABI::allocaReleaseFn() {
  FunctionCallee Release =
      M.getOrInsertFunction("__sprig_alloca_release", VoidTy, PtrTy, PtrTy);
  if (auto *RF = dyn_cast<Function>(Release.getCallee()))
    RF->setDoesNotThrow();
  return Release;
}

}  // namespace sprig
