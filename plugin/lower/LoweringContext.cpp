//===- plugin/lower/LoweringContext.cpp - state shared by the pieces of the lowering ===//
#include "LoweringContext.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include <cstdlib>
#include <vector>

using namespace llvm;

namespace sprig {

static cl::opt<bool> SprigDebug("sprig-debug", cl::init(false), cl::Hidden,
                                cl::desc("Sprig: print what the lowering does"));
bool sprigDebugEnabled() { return SprigDebug; }

static cl::opt<bool> SprigCountSpawns(
    "sprig-count-spawns", cl::init(false), cl::Hidden,
    cl::desc("Sprig: count each spawn in its worker's statistics (SPRIG_STATS=1); off by "
             "default, the count costs every spawn a read-modify-write"));
bool sprigCountSpawns() { return SprigCountSpawns; }

static cl::opt<bool> SprigStats("sprig-stats", cl::init(false), cl::Hidden,
                                cl::desc("Sprig: print the lowering's statistics at exit"));

static std::vector<TrackingStatistic *> &statistics() {
  static std::vector<TrackingStatistic *> List;
  return List;
}

static void printStatistics() {
  if (!SprigStats)
    return;
  errs() << "=== Sprig statistics ===\n";
  for (TrackingStatistic *S : statistics())
    errs() << format("%8llu %-18s %s\n", (unsigned long long)S->getValue(),
                     S->getDebugType(), S->getDesc());
}

void registerStatistic(TrackingStatistic &S) {
  std::vector<TrackingStatistic *> &List = statistics();
  if (List.empty())
    std::atexit(printStatistics);  // runs before List (constructed earlier) is destroyed
  List.push_back(&S);
}

MarkerFns::MarkerFns(Module &M) {
  Begin = M.getFunction(markers::SpawnBegin);
  End = M.getFunction(markers::SpawnEnd);
  EndV = M.getFunction(markers::SpawnEndValue);
  Sync = M.getFunction(markers::Sync);
  ScopeExit = M.getFunction(markers::ScopeExit);
  SpawnScope = M.getFunction(markers::SpawnScope);
  Cancel = M.getFunction(markers::CancelHere);
  for (Function &F : M) {
    if (F.getName().starts_with(markers::TagPrefix))
      Tags.insert(&F);
    else if (F.getName() == markers::LhsBegin)
      LhsBegin = &F;
    else if (F.getName().starts_with(markers::LhsPrefix))
      Lhs.insert(&F);
  }
}

CallBase *replaceMarkerWith(CallBase *CB, FunctionCallee Fn, ArrayRef<Value *> Args) {
  CallBase *New;
  if (auto *II = dyn_cast<InvokeInst>(CB))
    New = InvokeInst::Create(Fn, II->getNormalDest(), II->getUnwindDest(), Args, "",
                             CB->getIterator());
  else
    New = CallInst::Create(Fn, Args, "", CB->getIterator());
  New->setDebugLoc(CB->getDebugLoc());
  if (!CB->getType()->isVoidTy())
    CB->replaceAllUsesWith(Constant::getNullValue(CB->getType()));
  CB->eraseFromParent();
  return New;
}

void MarkerFns::scopesToSyncs(Module &M) {
  if (SpawnScope)
    for (User *U : make_early_inc_range(SpawnScope->users()))
      if (auto *CB = dyn_cast<CallBase>(U))
        replaceMarkerCall(CB);
  if (ScopeExit && !ScopeExit->use_empty()) {
    if (!Sync)
      Sync = Function::Create(FunctionType::get(Type::getVoidTy(M.getContext()), false),
                              GlobalValue::ExternalLinkage, markers::Sync, M);
    for (User *U : make_early_inc_range(ScopeExit->users()))
      if (auto *CB = dyn_cast<CallBase>(U))
        replaceMarkerWith(CB, Sync, {});
  }
  for (Function **Fn : {&ScopeExit, &SpawnScope})
    if (*Fn && (*Fn)->use_empty()) {
      (*Fn)->eraseFromParent();
      *Fn = nullptr;
    }
}

bool MarkerFns::checkCancels(function_ref<bool(Function &)> IsSpawner,
                             function_ref<void(CallBase &)> Fail, bool Drop) {
  if (!Cancel)
    return true;
  bool OK = true;
  for (User *U : make_early_inc_range(Cancel->users())) {
    auto *CB = dyn_cast<CallBase>(U);
    if (!CB || CB->getCalledFunction() != Cancel)
      continue;  // its address taken: the runtime's definition reports a call
    if (!IsSpawner(*CB->getFunction())) {
      Fail(*CB);
      OK = false;
    } else if (Drop) {
      replaceMarkerCall(CB);
    }
  }
  return OK;
}

std::string cancelMisuseMessage(const Function &F) {
  return "sprig::cancel() is called in '" + llvm::demangle(F.getName()) +
         "', which spawns nothing: it cancels the children the calling function spawned "
         "since its last sync; call it in the function with the [[sprig::spawn]]s (not in "
         "a lambda, a callee or a [[sprig::parallel_for]] body)";
}

MarkerContext::MarkerContext(Module &M) : M(M), C(M.getContext()), Markers(M) {
  PtrTy = PointerType::getUnqual(C);
  I8 = Type::getInt8Ty(C);
  I32 = Type::getInt32Ty(C);
  I64 = Type::getInt64Ty(C);
  VoidTy = Type::getVoidTy(C);
}

ModuleContext::ModuleContext(Module &M, ParallelTarget &Target)
    : MarkerContext(M), Target(Target), ABI(M, Target) {}

void MarkerContext::fail(Function &F, const Twine &Msg, const DebugLoc &DL) {
  C.diagnose(DiagnosticInfoUnsupported(F, "sprig: " + Msg, DL));
  Failed = true;
}

void SpawnFrame::ifSpawned(Instruction *Before, function_ref<void(IRBuilder<> &)> Body) {
  SPRIG_ASSERT(Spawned && Before->getFunction() == &F,
               "the spawned flag is tested in its own function");
  IRBuilder<> B(Before);
  Value *S = B.CreateLoad(B.getInt1Ty(), Spawned, "sprig.spawned");
  Instruction *ThenT = SplitBlockAndInsertIfThen(S, Before->getIterator(), false);
  IRBuilder<> TB(ThenT);
  Body(TB);
}

void replaceMarkerCall(CallBase *CB) {
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

}  // namespace sprig
