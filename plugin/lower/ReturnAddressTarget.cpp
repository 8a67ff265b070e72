//===- plugin/lower/ReturnAddressTarget.cpp - continuations as return addresses ===//
//
// The parallel program on x86-64 ELF (docs/design.md, "Continuations"). A continuation
// is the return address of a `preserve_none` call: a spawn's helper, or the sync's
// capture (__sprig_sync_capture). Nothing but the frame and stack pointers is live
// across such a call, so its return address resumes with no register state, and the
// call returns once per executor: no setjmp, no returns_twice. A thief reads the resume
// point from the stack (sprig_stolen_resume_pc); the frame stores its FP and SP words
// once, at its first spawn (RuntimeABI::emitFrameContext).
//
// A helper with more parameters than `preserve_none` passes in registers takes the
// setjmp capture instead, in the same frame: the frame then has SPRIG_FRAME_PC_IN_CTX,
// and from then on every return-address helper of the function also stores its return
// address into ctx[PC], those outlined before it included (SpawnFrame::RADetaches).
//
// The platform's other sequences go with it: the deque's slow paths called
// `preserve_most`, and the local-exec read of the worker's thread-local
// (RuntimeABI::usePreserveMostSlowPaths, useLocalExecTLS).
//===----------------------------------------------------------------------===//
#include "LoweringContext.h"
#include "ParallelTarget.h"
#include "RuntimeABI.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace sprig {

// Return-address continuations rest on what LLVM's `preserve_none` convention does on
// x86-64 (nothing but %rbp and %rsp preserved; arguments in r12, r13, r14, r15, rdi, rsi,
// rdx, rcx, r8, r9, r11, rax), which LLVM documents as unstable across versions. It is
// verified for this major version (test/lit/plugin/asm-resume-points.cpp pins the
// invariant in the generated code); a new LLVM needs that test to pass before this
// number moves.
static_assert(
    LLVM_VERSION_MAJOR == 22,
    "return-address continuations are verified with LLVM 22's preserve_none only");

static cl::opt<bool> CheckResumePC(
    "sprig-check-resume-pc", cl::init(false), cl::Hidden,
    cl::desc("Sprig (tests): helpers also record their return address, and a thief "
             "checks that the one it reads from the stack is the same"));

namespace {

// At most this many helper parameters for a return-address spawn: the registers
// `preserve_none` passes arguments in on x86-64 (r12-r15, rdi, rsi, rdx, rcx, r8, r9,
// r11, rax). With stack arguments the caller would pop them after the call, moving a
// thief's stack pointer; a helper with more takes the setjmp capture.
constexpr unsigned MaxReturnAddressParams = 12;

class ReturnAddressTarget final : public ParallelTarget {
public:
  StringRef name() const override { return "return-address"; }

  StringRef enterFrameFn() const override { return "__sprig_bc_enter_frame_ra"; }

  void declareEntryPoints(Module &M) override {
    LLVMContext &C = M.getContext();
    SyncCapture = M.getOrInsertFunction("__sprig_sync_capture", Type::getVoidTy(C),
                                        PointerType::getUnqual(C));
    if (auto *F = dyn_cast<Function>(SyncCapture.getCallee())) {
      // Returns when the frame resumes at its sync (on its own stack, maybe on another
      // thread); throws nothing. Through the GOT, as __sprig_push_slow: not a lazily
      // bound PLT entry, whose resolver would run with the capture half made.
      F->setCallingConv(CallingConv::PreserveNone);
      F->setDoesNotThrow();
      F->addFnAttr(Attribute::NonLazyBind);
    }
  }

  void afterLink(RuntimeABI &ABI) override {
    ABI.usePreserveMostSlowPaths();
    ABI.useLocalExecTLS();
  }

  Capture captureFor(unsigned NumParams) const override {
    return NumParams <= MaxReturnAddressParams ? Capture::ReturnAddress : Capture::Setjmp;
  }

  // The helper is called `preserve_none`: its return address is the parent's resume
  // point.
  void prepareHelper(Function &H, Capture K) const override {
    SPRIG_ASSERT(K != Capture::ReturnAddress || H.arg_size() <= MaxReturnAddressParams,
                 "a return-address helper takes every argument in a register");
    if (K == Capture::ReturnAddress)
      H.setCallingConv(CallingConv::PreserveNone);
  }

  // The resume point, before the push publishes the frame: a thief reads it from the
  // stack (sprig_stolen_resume_pc), so it is stored only in a frame that has setjmp
  // spawns too (emitCapture), and for the tests' check.
  void emitBeforeDetach(IRBuilder<> &DB, RuntimeABI &ABI, SpawnFrame &Fr, Value *ParentSF,
                        Capture K) const override {
    if (K != Capture::ReturnAddress)
      return;
    SPRIG_ASSERT(ParentSF == DB.GetInsertBlock()->getParent()->getArg(0),
                 "a helper records its return address in its parent's frame");
    if (Fr.PCInCtx)
      ABI.emitRecordResumePC(DB, ParentSF, RuntimeABI::CtxPC);
    if (CheckResumePC) {
      ABI.emitRecordResumePC(DB, ParentSF, RuntimeABI::CtxSSP);
      ABI.emitSetFlags(DB, ParentSF, RuntimeABI::FlagCheckPC);
    }
  }

  void noteDetach(SpawnFrame &Fr, CallInst *Detach, Capture K) const override {
    if (K == Capture::ReturnAddress)
      Fr.RADetaches.push_back(Detach);
  }

  // FP and SP, once per invocation.
  void emitFrameEntry(IRBuilder<> &TB, RuntimeABI &ABI, Value *SF) const override {
    ABI.emitFrameContext(TB, SF);
  }

  IRBuilderBase::InsertPoint emitCapture(IRBuilder<> &PBld, RuntimeABI &ABI, SpawnFrame &Fr,
                                         BasicBlock *Exit, Capture K) override {
    // One call: the owner comes back from it when the child returns and the pop finds
    // the frame; a thief enters at its return address instead (sprig/abi.h).
    if (K == Capture::ReturnAddress)
      return PBld.saveIP();
    // A setjmp spawn in a frame of return-address continuations: the resume point is in
    // ctx from now on, and every return-address helper of F must put it there too.
    ABI.emitSetFlags(PBld, Fr.SF, RuntimeABI::FlagPCInCtx);
    if (!Fr.PCInCtx) {
      Fr.PCInCtx = true;
      for (CallInst *D : Fr.RADetaches) {
        SPRIG_ASSERT(D->getFunction()->getCallingConv() == CallingConv::PreserveNone &&
                         D->getArgOperand(0) == D->getFunction()->getArg(0),
                     "the detaches noted are return-address helpers' of this frame");
        IRBuilder<> RB(D);
        ABI.emitRecordResumePC(RB, D->getArgOperand(0), RuntimeABI::CtxPC);
      }
    }
    return emitSetjmpCapture(PBld, ABI, Fr, Exit);
  }

  StringRef syncSuspendSuffix() const override { return ".capture"; }

  // The call returns when every child has ended and the frame resumes on its own stack;
  // its return address is the resume point (runtime/sync_capture.cpp).
  void emitSyncSuspend(IRBuilder<> &B, RuntimeABI &ABI, SpawnFrame &Fr, BasicBlock *Exc,
                       BasicBlock *Cont, StringRef Prefix) override {
    B.CreateCall(SyncCapture, {Fr.SF})->setCallingConv(CallingConv::PreserveNone);
    B.CreateBr(Fr.resumedEdge(Exc, Prefix + ".resumed"));
  }

private:
  // __sprig_sync_capture: the sync's suspension as a `preserve_none` call whose return
  // is the resume point.
  FunctionCallee SyncCapture;
};

}  // namespace

std::unique_ptr<LoweringTarget> createReturnAddressTarget() {
  return std::make_unique<ReturnAddressTarget>();
}

}  // namespace sprig
