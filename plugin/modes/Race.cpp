//===- plugin/modes/Race.cpp - the race detector's instrumentation --------===//
//
// See Race.h. The detector's algorithm (SP-bags over these procedures) is in
// runtime/race/bags.h.
//===----------------------------------------------------------------------===//
#include "Race.h"
#include "SerialHooks.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sprig {

namespace {
FunctionCallee runtimeFn(Module &M, StringRef Name, Type *Ret, ArrayRef<Type *> Params) {
  FunctionCallee FC = M.getOrInsertFunction(Name, FunctionType::get(Ret, Params, false));
  if (auto *Fn = dyn_cast<Function>(FC.getCallee()))
    Fn->setDoesNotThrow();
  return FC;
}

struct RaceHooks : SerialHooks {
  FunctionCallee Enter, Spawn, Spawned, Sync, Leave, Forget;
  Value *Proc = nullptr;  // this invocation's procedure
  explicit RaceHooks(Module &M) {
    LLVMContext &C = M.getContext();
    Type *I32 = Type::getInt32Ty(C), *Void = Type::getVoidTy(C);
    Enter = runtimeFn(M, "__sprig_race_enter", I32, {});
    Spawn = runtimeFn(M, "__sprig_race_spawn", I32, {I32});
    Spawned = runtimeFn(M, "__sprig_race_spawned", Void, {I32});
    Sync = runtimeFn(M, "__sprig_race_sync", Void, {I32});
    Leave = runtimeFn(M, "__sprig_race_leave", Void, {I32});
    Forget = runtimeFn(M, "__sprig_race_forget", Void,
                       {PointerType::getUnqual(C), Type::getInt64Ty(C)});
  }
  void enter(IRBuilder<> &B) override { Proc = B.CreateCall(Enter); }
  void spawn(IRBuilder<> &B, CallBase *Call) override {
    // (The child's procedure is not kept here: a store of it into a local would itself
    // be an access, by the child, that ThreadSanitizer instruments at -O0; the runtime
    // finds the child on top of its procedure stack.)
    B.CreateCall(Spawn, {Proc});
    // The child's frame stays its own, as in the parallel program (a helper is never
    // inlined): inlined into the parent, its locals would be slots of the parent's
    // frame, which the parent reuses later, and the detector would take the reuse for
    // a race. Its dead frames are forgotten at the statement's end (runtime/race/).
    Call->setIsNoInline();
  }
  void spawned(IRBuilder<> &B, ArrayRef<AllocaInst *> Private) override {
    B.CreateCall(Spawned, {Proc});
    // The statement's own locals (argument temporaries) are the child's frame in the
    // parallel program: dead now, their bytes are the next statement's.
    const DataLayout &DL = B.GetInsertBlock()->getModule()->getDataLayout();
    for (AllocaInst *AI : Private)
      if (std::optional<TypeSize> Size = AI->getAllocationSize(DL);
          Size && !Size->isScalable())
        B.CreateCall(Forget, {AI, B.getInt64(Size->getFixedValue())});
  }
  void sync(IRBuilder<> &B) override { B.CreateCall(Sync, {Proc}); }
  void leave(IRBuilder<> &B) override { B.CreateCall(Leave, {Proc}); }
  // The parallel program syncs at every landing pad of a spawning function, before
  // cleanups and handlers run; an exception that leaves the function leaves its frame.
  void landingPad(IRBuilder<> &B) override { B.CreateCall(Sync, {Proc}); }
  void resume(IRBuilder<> &B) override { B.CreateCall(Leave, {Proc}); }
  bool wantsPrivateLocals() const override { return true; }
  // A child that throws past a spawner without a landing pad would otherwise leave the
  // detector's procedure open: what follows the catch looks parallel with its children.
  bool wantsExceptionExits() const override { return true; }
};
}  // namespace

// Late: each local's history forgotten where its lifetime starts (Race.h).
static bool forgetAtLifetimeStarts(Module &M) {
  const DataLayout &DL = M.getDataLayout();
  FunctionCallee Forget;
  bool Changed = false;
  for (Function &F : M) {
    // Only what ThreadSanitizer instruments has a history to forget.
    if (F.isDeclaration() || !F.hasFnAttribute(Attribute::SanitizeThread))
      continue;
    SmallVector<std::pair<IntrinsicInst *, uint64_t>, 16> Starts;
    for (Instruction &I : instructions(F))
      if (auto *II = dyn_cast<IntrinsicInst>(&I);
          II && II->getIntrinsicID() == Intrinsic::lifetime_start)
        if (auto *AI = dyn_cast<AllocaInst>(II->getArgOperand(II->arg_size() - 1)))
          if (std::optional<TypeSize> Size = AI->getAllocationSize(DL);
              Size && !Size->isScalable() && Size->getFixedValue())
            Starts.push_back({II, Size->getFixedValue()});
    // A parameter passed by value in memory (byval) is a new object too: its bytes are
    // the caller's outgoing-argument area, which the next call's arguments reuse (two
    // spawned calls' arguments, parallel children, would share them).
    SmallVector<std::pair<Argument *, uint64_t>, 4> ByVal;
    for (Argument &A : F.args())
      if (Type *T = A.getParamByValType())
        if (TypeSize Size = DL.getTypeAllocSize(T);
            !Size.isScalable() && Size.getFixedValue())
          ByVal.push_back({&A, Size.getFixedValue()});
    if (Starts.empty() && ByVal.empty())
      continue;
    if (!Forget)
      Forget = runtimeFn(
          M, "__sprig_race_forget", Type::getVoidTy(M.getContext()),
          {PointerType::getUnqual(M.getContext()), Type::getInt64Ty(M.getContext())});
    if (!ByVal.empty()) {
      IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
      for (auto [A, Size] : ByVal)
        B.CreateCall(Forget, {A, B.getInt64(Size)});
    }
    for (auto [II, Size] : Starts) {
      IRBuilder<> B(II->getNextNode());
      B.SetCurrentDebugLocation(II->getDebugLoc());
      B.CreateCall(Forget, {II->getArgOperand(II->arg_size() - 1), B.getInt64(Size)});
    }
    Changed = true;
  }
  return Changed;
}

namespace {
class RaceTarget final : public SerialToolTarget {
public:
  StringRef name() const override { return "race"; }

  // Every iteration a leaf of its own (Race.h).
  Value *loopGrain(IRBuilder<> &PB, Value *, Value *, FunctionCallee) const override {
    return PB.getInt64(1);
  }

  // libsprig-race defines the view.
  bool expandsReducerViews(const Module &) const override { return false; }

  PreservedAnalyses finishModule(Module &M, ModuleAnalysisManager &, bool) override {
    return forgetAtLifetimeStarts(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }

protected:
  std::unique_ptr<SerialHooks> hooksFor(Module &M, Function &F) override {
    // A spawning function keeps a frame of its own, as in the parallel program: the
    // runtime tells a procedure's frames apart by their stack pointer (a procedure left
    // by an exception without an event is found dead when a new one starts at or above
    // its frame), and an inlined procedure would share its caller's.
    F.removeFnAttr(Attribute::AlwaysInline);
    F.addFnAttr(Attribute::NoInline);
    return std::make_unique<RaceHooks>(M);
  }
  StringRef constructorName() const override { return "sprig.race.init"; }
  StringRef initFunction() const override { return "__sprig_race_init"; }
};
}  // namespace

std::unique_ptr<LoweringTarget> createRaceTarget() {
  return std::make_unique<RaceTarget>();
}

}  // namespace sprig
