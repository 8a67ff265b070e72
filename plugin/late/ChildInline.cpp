//===- plugin/late/ChildInline.cpp - a spawned child's body inside its helper ===//
//
// See ChildInline.h. Why it is safe, piece by piece:
// - The child's frame (`sprig_frame`, its locals, its alloca arena) is the body's
//   allocas; inlined, they are static allocas of the helper, addressed from the
//   helper's frame pointer like any spawner's locals. The frame records no function and
//   no parent, so which function hosts it does not matter to the runtime.
// - Its continuations are the return addresses of its own helper calls (preserve_none),
//   now inside this helper: a thief enters them with %rbp = the helper's frame pointer
//   (captured by the inlined lazy entry, llvm.frameaddress) and %rsp on a fiber. So the
//   helper needs what every spawner has: `"frame-pointer"="all"`, no stack realignment
//   (it would address locals from %rsp), over-aligned allocas made 16-aligned
//   (fixOverAlignedAllocas). The body's never-run forced-frame alloca comes along, so the
//   helper reserves no call frame either, and its SP is the same at every call.
// - The inlined body's syncs bring SP back to the helper's own stack before the inlined
//   code ends (the runtime resumes a suspended sync on the frame's original stack), so
//   what follows in the helper (storing the result, popping the parent, `ret`) runs
//   where it always did; the inliner's stacksave/stackrestore around a body with a
//   dynamic alloca restores the SP it already has.
// - Exceptions: the spawned call is an invoke to the helper's catch-all. Inlining gives
//   every landing pad of the body that clause and turns its `resume`s into branches to
//   the catch-all, so what escapes the child reaches __sprig_child_threw exactly as
//   before (the body's own pads still sync and leave its frame first).
// - The helper's own attributes were inferred from its behaviour, which inlining does
//   not change.
// Not done: helpers with the setjmp capture (more than 12 parameters), sanitized code,
// interposable callees (another definition may win at link time), bodies over
// `-sprig-inline-children-limit` instructions (each spawn site gets its own copy).
//===----------------------------------------------------------------------===//
#include "ChildInline.h"
#include "BoundThread.h"
#include "Markers.h"
#include "lower/FrameFixups.h"
#include "lower/LoweringContext.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-inline-children"
SPRIG_STATISTIC(NumInlined, "Spawned children inlined into their helpers");

namespace sprig {

static cl::opt<bool> InlineChildren(
    "sprig-inline-children", cl::init(true), cl::Hidden,
    cl::desc("Sprig: inline a spawned spawning function's body into its helper"));

static cl::opt<unsigned> ChildSizeLimit(
    "sprig-inline-children-limit", cl::init(400), cl::Hidden,
    cl::desc("Sprig: the largest body (IR instructions) inlined into a helper"));

namespace {

bool sanitized(const Function &F) {
  for (Attribute::AttrKind K :
       {Attribute::SanitizeAddress, Attribute::SanitizeThread, Attribute::SanitizeMemory,
        Attribute::SanitizeHWAddress, Attribute::SanitizeMemTag, Attribute::SanitizeType,
        Attribute::SanitizeNumericalStability, Attribute::SanitizeRealtime})
    if (F.hasFnAttribute(K))
      return true;
  return false;
}

unsigned instructionCount(const Function &F) {
  unsigned N = 0;
  for (const BasicBlock &BB : F)
    N += BB.size();
  return N;
}

// The helper's one spawned call (`!sprig.spawned`), or null.
CallBase *spawnedCall(Function &H) {
  CallBase *Found = nullptr;
  for (BasicBlock &BB : H)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I);
          CB && CB->getMetadata(markers::SpawnedCallMD)) {
        if (Found)
          return nullptr;
        Found = CB;
      }
  return Found;
}

bool inlinableInto(const Function *Callee, const Function &H, const CallBase &Site) {
  if (!Callee || Callee->isDeclaration() || Callee->isInterposable() ||
      Callee->isVarArg() || Callee == &H || sanitized(*Callee) ||
      instructionCount(*Callee) > ChildSizeLimit)
    return false;
  if (Callee->hasPersonalityFn() && H.hasPersonalityFn() &&
      Callee->getPersonalityFn()->stripPointerCasts() !=
          H.getPersonalityFn()->stripPointerCasts())
    return false;
  // An inlined call site without a location in a function with debug information would
  // leave instructions of the callee's subprogram in the helper's.
  if (Callee->getSubprogram() && !Site.getDebugLoc())
    return false;
  return true;
}

// A split wrapper (or its worker entry) ends in `musttail call F.sprig.body(...)`: the
// body, to inline in turn.
Function *bodyBehind(Function &Wrapper) {
  Function *Body = nullptr;
  for (BasicBlock &BB : Wrapper)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->isMustTailCall())
        if (Function *Fn = CI->getCalledFunction();
            Fn && Fn->hasFnAttribute(markers::SpawnerAttr) && !Fn->isDeclaration()) {
          if (Body && Body != Fn)
            return nullptr;
          Body = Fn;
        }
  return Body;
}

// A dynamic alloca that never runs: the forced-frame one (RuntimeABI::emitForceFrame),
// sized by a volatile load of __sprig_zero.
bool isForcedFrameAlloca(const AllocaInst &AI) {
  auto *L = dyn_cast<LoadInst>(AI.getArraySize());
  auto *G = L ? dyn_cast<GlobalVariable>(L->getPointerOperand()) : nullptr;
  return L && L->isVolatile() && G && G->getName() == "__sprig_zero";
}

// Every dynamic alloca of F is a forced-frame one: the inliner's stacksave/stackrestore
// around F's inlined body would only save and restore an SP that never moved.
bool onlyForcedDynamicAllocas(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (auto *AI = dyn_cast<AllocaInst>(&I);
          AI && !AI->isStaticAlloca() && !isForcedFrameAlloca(*AI))
        return false;
  return true;
}

SmallPtrSet<IntrinsicInst *, 4> stackSaves(Function &F) {
  SmallPtrSet<IntrinsicInst *, 4> Saves;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *II = dyn_cast<IntrinsicInst>(&I);
          II && II->getIntrinsicID() == Intrinsic::stacksave)
        Saves.insert(II);
  return Saves;
}

// Drop the stacksave/stackrestore pairs inlining added to H (not in Before).
void dropInlinerStackSaves(Function &H, const SmallPtrSet<IntrinsicInst *, 4> &Before) {
  for (IntrinsicInst *Save : stackSaves(H)) {
    if (Before.count(Save))
      continue;
    SmallVector<Instruction *, 4> Restores;
    bool OnlyRestores = true;
    for (User *U : Save->users()) {
      auto *II = dyn_cast<IntrinsicInst>(U);
      if (!II || II->getIntrinsicID() != Intrinsic::stackrestore) {
        OnlyRestores = false;
        break;
      }
      Restores.push_back(II);
    }
    if (!OnlyRestores)
      continue;
    for (Instruction *R : Restores)
      R->eraseFromParent();
    Save->eraseFromParent();
  }
}

}  // namespace

SmallVector<Function *, 8>
inlineChildrenIntoHelpers(Module &M, const DenseMap<Function *, Function *> &WorkerEntry) {
  SmallVector<Function *, 8> Changed;
  if (!InlineChildren)
    return Changed;
  SmallPtrSet<Function *, 16> Workers;
  for (const auto &KV : WorkerEntry)
    Workers.insert(KV.second);
  SmallVector<Function *, 16> Helpers;
  for (Function &H : M)
    if (!H.isDeclaration() && H.hasFnAttribute(markers::HelperAttr) &&
        H.getCallingConv() == CallingConv::PreserveNone && !sanitized(H))
      Helpers.push_back(&H);
  for (Function *H : Helpers) {
    CallBase *CB = spawnedCall(*H);
    if (!CB)
      continue;
    Function *Callee = CB->getCalledFunction();
    if (!Callee || !(Workers.count(Callee) || Callee->hasFnAttribute(markers::SpawnerAttr)))
      continue;
    if (!inlinableInto(Callee, *H, *CB))
      continue;
    Function *Body = bodyBehind(*Callee);
    if (Body && !inlinableInto(Body, *H, *CB))
      continue;  // the wrapper alone would save one jump: not worth a copy
    bool OnlyForced =
        onlyForcedDynamicAllocas(*Callee) && (!Body || onlyForcedDynamicAllocas(*Body));
    SmallPtrSet<IntrinsicInst *, 4> SavesBefore = stackSaves(*H);
    InlineFunctionInfo IFI;
    if (!InlineFunction(*CB, IFI).isSuccess())
      continue;
    Changed.push_back(H);
    ++NumInlined;
    // What came in place of the spawned call runs after the detach, on a worker: it
    // neither binds nor unbinds a root (BoundThread.h). Inlining the body erases its
    // call, one of IFI's call sites: the others are kept apart first.
    SmallVector<CallBase *, 8> Sites;
    CallBase *IntoBody = nullptr;
    for (CallBase *In : IFI.InlinedCallSites)
      if (Body && !IntoBody && In->getCalledFunction() == Body)
        IntoBody = In;
      else
        Sites.push_back(In);
    if (IntoBody) {
      InlineFunctionInfo BodyIFI;
      if (InlineFunction(*IntoBody, BodyIFI).isSuccess())  // on failure the call stays
        assumeBoundThread(BodyIFI.InlinedCallSites);
    }
    assumeBoundThread(Sites);
    if (OnlyForced)
      dropInlinerStackSaves(*H, SavesBefore);
    // The helper now hosts a spawner's frame (see the file comment).
    H->addFnAttr("frame-pointer", "all");
    H->addFnAttr("no-realign-stack");
    fixOverAlignedAllocas(M, *H);
  }
  return Changed;
}

}  // namespace sprig
