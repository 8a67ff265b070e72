//===- plugin/lower/OutlineSpawn.cpp - one spawned statement becomes a helper call ===//
#include "OutlineSpawn.h"
#include "FrameFixups.h"
#include "ParallelTarget.h"
#include "RegionValues.h"
#include "SpawnEH.h"
#include "early/Pedigree.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

#define DEBUG_TYPE "sprig-lower"
SPRIG_STATISTIC(NumHelpers, "Spawn helpers created");
SPRIG_STATISTIC(NumFrameLocals, "Locals moved into their function's frame");

static cl::opt<bool> LocalsInFrame(
    "sprig-locals-in-frame", cl::init(true), cl::Hidden,
    cl::desc("Sprig: move the locals helpers use by address into the spawning function's "
             "frame, so a helper derives their addresses from its parent pointer"));

namespace sprig {
namespace {

// `lhs = f(args)`: C++17 evaluates the target after the call; Cilk wants it before the
// detach. frontend/Rewrite.cpp bracketed its evaluation between __sprig_lhs_begin() and the
// identity __sprig_lhs_N(target); move that code (it cannot use the call's result)
// to just before the call: arguments, then target, then detach and call.
bool hoistTarget(ModuleContext &Ctx, Function &F, CallBase *Call,
                 ArrayRef<BasicBlock *> Blocks) {
  CallInst *LB = nullptr, *LE = nullptr;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->getCalledFunction()) {
        if (CI->getCalledFunction() == Ctx.Markers.LhsBegin)
          LB = CI;
        else if (Ctx.Markers.Lhs.count(CI->getCalledFunction()))
          LE = CI;
      }
  if (!LB && !LE)
    return true;  // not an assignment
  if (!LB || !LE) {
    Ctx.fail(F, "internal error: unmatched assignment-target markers", Call->getDebugLoc());
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
  // Each split block starts with a non-phi (the call, LB, or what followed LE) and has
  // its unique predecessor (the block it was split from).
  SPRIG_ASSERT(X1 && Pre && Z->phis().empty() && Rb->phis().empty(),
               "splitBasicBlock makes single-predecessor blocks without phis");
  X1->getTerminator()->setSuccessor(0, Rb);           // ... then the target
  Re->getTerminator()->setSuccessor(0, X2);           // target, then the call
  Pre->getTerminator()->replaceSuccessorWith(Rb, Z);  // call, then the rest
  return true;
}

// A local of F that the spawned statement only reads, and whose address F never lets
// out: load it once in F, at the spawn, and hand the helper the value instead of the
// address (RegionValues.h). The statement's own reads come before the detach
// (arguments) or, after it, would in the serial program have seen the value of the
// spawn point too. Saves the parent's store and the helper's load of, e.g., fib's `n`
// (docs/performance.md, "read-only locals by value"). `At` is the parent's spawn point.
void passReadOnlyLocalsByValue(SpawnFrame &Fr, const SpawnRegion &R, Instruction *At) {
  readOnlyLocalsByValue(Fr.F, R, At, {Fr.SF, Fr.Spawned});
}

// Locals in the frame. A local of F that a spawned statement uses by address (the
// target of `x = f()`, an array the child fills) would reach the helper as a pointer
// argument: the parent would compute it at each spawn and the helper keep it alive
// across the child (a spill and a reload with `preserve_none`, which has no callee-saved
// register). Instead the local moves into the frame's own allocation, past the sprig_frame,
// at an offset fixed for F, and the helper computes its address from the parent pointer it
// has anyway. The memory is the same stack memory of F's frame as before (so a thief, which
// runs F on its original frame, sees it where it was); its address escapes with the
// frame's, which every resumed path already escapes (escapeSharedOnResume). The runtime
// never touches bytes past sizeof(sprig_frame).
// A candidate is a static alloca of F's entry block of at most 16 bytes, aligned to at
// most the frame's 16,
// not the frame or the spawned flag. Returns its offset (assigning one the first time),
// or nothing if V stays an argument.
constexpr uint64_t MaxFrameLocalBytes = 16;
std::optional<uint64_t> frameLocalOffset(ModuleContext &Ctx, SpawnFrame &Fr, Value *V) {
  if (!LocalsInFrame)
    return std::nullopt;
  if (auto It = Fr.FrameLocals.find(V); It != Fr.FrameLocals.end())
    return It->second;
  auto *AI = dyn_cast<AllocaInst>(V);
  if (!AI || AI == Fr.SF || AI == Fr.Spawned || !AI->isStaticAlloca() ||
      AI->getParent() != &Fr.F.getEntryBlock() || AI->isUsedWithInAlloca() ||
      AI->isSwiftError() || AI->getAlign() > Fr.SF->getAlign())
    return std::nullopt;
  const DataLayout &DL = Ctx.M.getDataLayout();
  std::optional<TypeSize> Size = AI->getAllocationSize(DL);
  // Small locals only (a result: a scalar, a pair): what a helper keeps alive across the
  // child is one pointer either way, and an array in the frame cost nqueens 5.5% more
  // instructions (its boards: docs/performance.md, "locals in the frame").
  if (!Size || Size->isScalable() || Size->getFixedValue() == 0 ||
      Size->getFixedValue() > MaxFrameLocalBytes)
    return std::nullopt;
  if (!Fr.FrameEnd)
    Fr.FrameEnd = RuntimeABI::FrameSize;
  uint64_t Off = alignTo(Fr.FrameEnd, AI->getAlign());
  Fr.FrameEnd = Off + Size->getFixedValue();
  Fr.SF->setAllocatedType(ArrayType::get(Ctx.I8, Fr.FrameEnd));
  // The runtime owns the first sizeof(sprig_frame) bytes; the frame's alignment (16)
  // covers the local's, so its offset keeps it aligned wherever the frame is.
  SPRIG_ASSERT(Off >= RuntimeABI::FrameSize && Off % AI->getAlign().value() == 0 &&
                   Fr.SF->getAlign() >= AI->getAlign(),
               "a local in the frame lies past the sprig_frame, aligned");
  Fr.FrameLocals[V] = Off;
  ++NumFrameLocals;
  return Off;
}

// F's side of frameLocalOffset, once the helper is built: every use of the local AI
// becomes SF + Off (its debug declaration too), and AI goes.
void moveLocalIntoFrame(ModuleContext &Ctx, SpawnFrame &Fr, AllocaInst *AI, uint64_t Off) {
  SPRIG_ASSERT(Fr.FrameLocals.lookup(AI) == Off && Off < Fr.FrameEnd,
               "a local moves to the offset frameLocalOffset gave it, inside the frame");
  BasicBlock &Entry = Fr.F.getEntryBlock();
  auto It = Entry.begin();
  while (isa<AllocaInst>(&*It))
    ++It;
  IRBuilder<> B(&Entry, It);
  Value *Addr = B.CreateInBoundsPtrAdd(Fr.SF, B.getInt64(Off), AI->getName() + ".in.frame");
  dropLifetimeMarkers(AI);
  DIBuilder DIB(Ctx.M, /*AllowUnresolved=*/false);
  replaceDbgDeclare(AI, Fr.SF, DIB, DIExpression::ApplyOffset, static_cast<int>(Off));
  AI->replaceAllUsesWith(Addr);
  Fr.FrameLocals.erase(AI);
  Fr.FrameLocals[Addr] = Off;
  AI->eraseFromParent();
}

// The helper's declaration: F's function attributes, less what is not true of it.
Function *createHelper(ModuleContext &Ctx, Function &F, ArrayRef<Type *> Params) {
  Function *H = Function::Create(
      FunctionType::get(Ctx.VoidTy, Params, false), GlobalValue::InternalLinkage,
      F.getName() + ".sprig.spawn." + Twine(Ctx.HelperCount++), Ctx.M);
  H->setAttributes(AttributeList::get(Ctx.C, F.getAttributes().getFnAttrs(), {}, {}));
  H->removeFnAttr(Attribute::AlwaysInline);
  H->removeFnAttr(Attribute::InlineHint);
  H->addFnAttr(Attribute::NoInline);
  // What F promises of itself is not true of the helper: an exception thrown before the
  // detach leaves the helper into F (whose own handler catches it, noexcept or not); the
  // helper returns although F may not; it writes the parent's locals although F may be
  // `pure`/`const` (memory(read)/memory(none)).
  for (Attribute::AttrKind K :
       {Attribute::NoUnwind, Attribute::NoReturn, Attribute::WillReturn, Attribute::Memory,
        Attribute::NoSync, Attribute::NoFree, Attribute::Speculatable, Attribute::NoRecurse,
        Attribute::NoCallback})
    H->removeFnAttr(K);
  // The helper keeps F's own frame-pointer setting (not F's forced one): its frame is
  // never resumed on another stack, and a child that moved returns on this one.
  H->removeFnAttr("frame-pointer");
  if (F.hasFnAttribute("frame-pointer"))
    H->addFnAttr(F.getFnAttribute("frame-pointer"));
  H->addFnAttr(markers::HelperAttr);
  if (F.hasPersonalityFn())
    H->setPersonalityFn(F.getPersonalityFn());
  H->setCallingConv(CallingConv::C);
  ++NumHelpers;
  return H;
}

// A struct passed by value in memory (`byval`) is copied by the call itself, into the
// callee's argument area. C passes the variable's own address (`f(b)` with `Big b`:
// `call @f(ptr byval(%Big) %b)`), so in the helper that copy would be made after the
// detach, while a thief may already run the continuation and change `b` (fuzz seed 14,
// gen.py --lang c; test/lit/regress/c-byval-argument-copied-before-detach.c). C++ copies
// into a temporary of the statement first (`agg.tmp`, private to the helper). So each
// byval argument that is not one of the helper's own allocas is copied into one, before
// the detach, and the call takes the copy: the argument's value is the spawn point's, as
// for every other argument.
void copyByValArgumentsBeforeDetach(ModuleContext &Ctx, CallBase *HCall, BasicBlock *HEntry,
                                    ArrayRef<AllocaInst *> Privates,
                                    ValueToValueMapTy &VMap) {
  const DataLayout &DL = Ctx.M.getDataLayout();
  for (unsigned I = 0, N = HCall->arg_size(); I < N; ++I) {
    if (!HCall->isByValArgument(I))
      continue;
    Value *Src = HCall->getArgOperand(I);
    const Value *Obj = getUnderlyingObject(Src);
    bool Own = false;
    for (AllocaInst *AI : Privates)
      if (VMap.lookup(AI) == Obj)
        Own = true;
    if (Own)
      continue;
    Type *Ty = HCall->getParamByValType(I);
    Align A = HCall->getParamAlign(I).value_or(DL.getABITypeAlign(Ty));
    IRBuilder<> AB(HEntry, HEntry->getFirstInsertionPt());
    AllocaInst *Copy = AB.CreateAlloca(Ty, nullptr, Src->getName() + ".byval.copy");
    Copy->setAlignment(A);
    IRBuilder<> CB(HCall);
    CB.CreateMemCpy(Copy, A, Src, A, DL.getTypeAllocSize(Ty));
    HCall->setArgOperand(I, Copy);
  }
}

}  // namespace

void enterFrameIfFirst(ModuleContext &Ctx, SpawnFrame &Fr, Instruction *Before,
                       const DebugLoc &DL) {
  Value *SF = Fr.SF;
  IRBuilder<> EB(Before);
  EB.SetCurrentDebugLocation(DL);
  // Not entered yet exactly when no spawn (or cancel) ran on this path: test the SSA
  // flag (a register, or folded) rather than load the frame's flags.
  Value *NotYet = EB.CreateNot(EB.CreateLoad(EB.getInt1Ty(), Fr.Spawned, "sprig.spawned"));
  Instruction *ThenT = SplitBlockAndInsertIfThen(NotYet, Before->getIterator(), false);
  IRBuilder<> TB(ThenT);
  TB.CreateCall(Ctx.ABI.Enter, {SF});
  // A function that keeps the pedigree says so to the runtime (early/Pedigree.h): folded
  // into the entry's constant store of the flags once the entry is inlined.
  if (keepsPedigree(*Fr.F.getParent())) {
    Value *Flags = TB.CreateLoad(TB.getInt32Ty(), SF, "sprig.flags");
    TB.CreateStore(TB.CreateOr(Flags, TB.getInt32(RuntimeABI::FlagPedigree)), SF);
  }
  // A thread that is no worker binds as a root here, before the helper evaluates the
  // arguments; the helper's detach then tests nothing (sprig/abi.h, sprig_bind).
  TB.CreateCall(Ctx.ABI.Bind, {SF});
  Ctx.ABI.emitForceFrame(TB);
  Ctx.Target.emitFrameEntry(TB, Ctx.ABI, SF);  // what the continuations need stored
  IRBuilder<> PB(Before);
  PB.SetCurrentDebugLocation(DL);
  PB.CreateStore(PB.getTrue(), Fr.Spawned);
}

bool outlineSpawn(ModuleContext &Ctx, SpawnFrame &Fr, SpawnMarkers &S) {
  Function &F = Fr.F;
  LLVMContext &C = Ctx.C;
  Value *SF = Fr.SF;
  SPRIG_ASSERT(Fr.SF && Fr.Spawned, "the frame and its flag exist before any spawn");
  SPRIG_ASSERT(S.begin && S.end && S.begin->getFunction() == &F &&
                   S.end->getFunction() == &F && Ctx.Markers.isBegin(S.begin) &&
                   Ctx.Markers.isEnd(S.end),
               "a spawn's markers are a begin and an end of the function lowered");
  DebugLoc DL = S.begin->getDebugLoc();
  // The scope record of a spawn directly in a [[sprig::scope]] block (its exits wait for
  // this child), or null.
  AllocaInst *Scope =
      Fr.ScopeOfSpawn.lookup(cast<ConstantInt>(S.begin->getArgOperand(0))->getZExtValue());
  // ---- the interval ----
  // The markers are calls, or invokes whose landing pads lead into the enclosing scopes'
  // cleanups (those edges keep the cleanups out of the region, see SpawnRegion).
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
  // An end invoke stays until the region is known: its unwind edge marks the enclosing
  // cleanups as the parent's.
  if (!isa<InvokeInst>(S.end))
    S.end->eraseFromParent();

  SpawnRegion R;
  R.compute(F, Entry, Exit);
  // Entry is in its region by construction: the walks from F's entry and from Exit stop
  // at Entry, the walk from Entry starts there.
  SPRIG_ASSERT(R.contains(Entry), "a spawned statement's entry is in its region");

  // ---- the tag and the spawned call ----
  CallBase *Tag = nullptr;
  for (BasicBlock *BB : R.Blocks)
    for (Instruction &I : *BB)
      if (Ctx.Markers.isTag(&I))
        Tag = cast<CallBase>(&I);
  if (!Tag) {
    Ctx.fail(F, "internal error: spawned call not found", DL);
    return false;
  }
  CallBase *Call = findSpawnedCall(Tag);
  if (!Call || !R.contains(Call->getParent())) {
    Ctx.fail(F, "internal error: cannot identify the spawned call", DL);
    return false;
  }
  Tag->replaceAllUsesWith(Tag->getArgOperand(0));
  Tag->eraseFromParent();
  if (!hoistTarget(Ctx, F, Call, R.Blocks))
    return false;
  R.compute(F, Entry, Exit);
  // One spawn per region, and its sync outside it: nothing spawnable nests in a spawned
  // call (the rewrite), and the sync that waits for this child is the parent's.
  SPRIG_ASSERT(!holdsSpawnOrSync(R, Ctx.Markers),
               "a spawned statement holds no other spawn and no sync");
  // The region is known: the markers' own landing-pad edges can go now.
  if (auto *EI = dyn_cast<InvokeInst>(S.end)) {
    BranchInst::Create(EI->getNormalDest(), EI->getIterator());
    EI->getUnwindDest()->removePredecessor(Exit);
    EI->eraseFromParent();
  }
  SPRIG_DEBUG(dbgs() << "sprig: spawn in " << F.getName() << ": " << R.Blocks.size()
                     << " blocks, call " << *Call << "\n");

  // ---- read-only locals by value ----
  passReadOnlyLocalsByValue(Fr, R, BBb->getTerminator());

  // ---- values flowing in and out ----
  SetVector<Value *> Inputs;
  if (!regionInputs(R, Inputs)) {
    Ctx.fail(F, "internal error: a value computed by a spawned statement is used after it",
             DL);
    return false;
  }
  // Allocas only this statement uses, and exception slots, become the helper's own.
  auto Private = [&](Value *V) { return V != SF && privateToRegion(V, R); };

  // ---- the helper ----
  SmallVector<Type *, 8> Params{Ctx.PtrTy};
  SmallVector<Value *, 8> Args{SF};
  SmallVector<AllocaInst *, 8> Privates;
  SmallVector<std::pair<Value *, uint64_t>, 4> InFrame;  // locals in the frame
  for (Value *V : Inputs) {
    if (Private(V)) {
      Privates.push_back(cast<AllocaInst>(V));
      continue;
    }
    if (std::optional<uint64_t> Off = frameLocalOffset(Ctx, Fr, V)) {
      // Before the region is cloned: a lifetime marker inside it (a variable declared in
      // the spawned statement; clang emits them at -O0 too under AddressSanitizer) would
      // otherwise reach the helper on the frame's GEP, which the verifier rejects.
      if (auto *AI = dyn_cast<AllocaInst>(V))
        dropLifetimeMarkers(AI);
      InFrame.push_back({V, *Off});
      continue;
    }
    Params.push_back(V->getType());
    Args.push_back(V);
  }
  if (Scope) {  // the last argument
    Params.push_back(Ctx.PtrTy);
    Args.push_back(Scope);
  }
  // F's locals the child uses through a pointer may be written after their scope ends
  // (a spawned variable whose block closes before the sync): their stack slots must never
  // be given to another variable, so drop their lifetime markers (no stack colouring).
  for (unsigned I = 1; I < Args.size(); ++I)
    if (auto *AI = dyn_cast<AllocaInst>(Args[I]))
      dropLifetimeMarkers(AI);
  Function *H = createHelper(Ctx, F, Params);
  SPRIG_ASSERT(H->arg_size() == Args.size() && Args[0] == SF,
               "a helper takes its parent's frame, then the statement's inputs");
  // How the parent's continuation is captured: the target's choice for this spawn,
  // which also sets the helper's calling convention.
  const Capture K = Ctx.Target.captureFor(Params.size());
  Ctx.Target.prepareHelper(*H, K);

  ValueToValueMapTy VMap;
  BasicBlock *HEntry = BasicBlock::Create(C, "entry", H);
  IRBuilder<> B(HEntry);
  Argument *ParentSF = H->getArg(0);
  ParentSF->setName("parent");
  for (unsigned I = 1; I < Args.size(); ++I)
    VMap[Args[I]] = H->getArg(I);
  for (AllocaInst *AI : Privates) {
    auto *NA = cast<AllocaInst>(AI->clone());
    dropDebugInfo(*NA);
    B.Insert(NA);
    VMap[AI] = NA;
  }
  for (auto [V, Off] : InFrame)
    VMap[V] = B.CreateInBoundsPtrAdd(ParentSF, B.getInt64(Off), V->getName());
  AllocaInst *ExnSlot = B.CreateAlloca(Ctx.PtrTy, nullptr, "sprig.exn");
  AllocaInst *ChildNo = B.CreateAlloca(Ctx.I32, nullptr, "sprig.child");
  B.CreateStore(B.getInt32(~0u), ChildNo);  // ~0: not detached yet

  SmallVector<BasicBlock *, 16> Clones = cloneRegion(R, H, VMap);
  B.CreateBr(cast<BasicBlock>(VMap[Entry]));

  BasicBlock *HExit = BasicBlock::Create(C, "spawn.exit", H);
  Value *HScope = Scope ? H->getArg(H->arg_size() - 1) : nullptr;
  if (HScope) {
    HScope->setName("scope");
    IRBuilder<>(HExit).CreateCall(Ctx.ABI.LeaveHelperScoped, {ParentSF, HScope});
  } else {
    IRBuilder<>(HExit).CreateCall(Ctx.ABI.LeaveHelper, {ParentSF});
  }
  IRBuilder<>(HExit).CreateRetVoid();
  HelperEH EH(Ctx, H, ParentSF, ExnSlot, ChildNo);
  EH.Scope = HScope;
  EH.makeCatchPath();
  EH.routeThrowingCalls(Clones, {HEntry, HExit}, F);
  EH.redirectExits(Clones, Exit, HExit);
  EH.catchAllPads(Clones);
  // The detach, right before the spawned call.
  auto *HCall = cast<CallBase>(VMap[Call]);
  // Runs on a worker (after the detach): the late pass may point it at the callee's
  // worker entry, past its serial gate (late/SerialGate.h).
  HCall->setMetadata(markers::SpawnedCallMD, MDNode::get(Ctx.C, {}));
  copyByValArgumentsBeforeDetach(Ctx, HCall, HEntry, Privates, VMap);
  {
    IRBuilder<> DB(HCall);
    // What the capture needs recorded before the push publishes the frame.
    Ctx.Target.emitBeforeDetach(DB, Ctx.ABI, Fr, ParentSF, K);
    CallInst *ChildK = DB.CreateCall(Ctx.ABI.Detach, {ParentSF}, "sprig.child.no");
    Ctx.Target.noteDetach(Fr, ChildK, K);
    DB.CreateStore(ChildK, ChildNo);
    if (sprigCountSpawns())
      DB.CreateCall(Ctx.ABI.CountSpawn, {});
  }
  EH.finish();

  // ---- the parent ----
  BasicBlock *ParentPad = nullptr;
  if (!EH.parentPad(F, R, Exit, DL, ParentPad))
    return false;
  Instruction *OldBr = BBb->getTerminator();  // br spawn.body, or the begin invoke
  if (auto *BI = dyn_cast<InvokeInst>(OldBr))
    BI->getUnwindDest()->removePredecessor(BBb);
  // Enter the frame at its first spawn (flags has ENTERED from then on).
  enterFrameIfFirst(Ctx, Fr, OldBr, DL);
  BBb = OldBr->getParent();
  IRBuilder<> PBld(OldBr);
  PBld.SetCurrentDebugLocation(DL);
  // The continuation's capture; the helper call goes where it says.
  IRBuilderBase::InsertPoint CallAt = Ctx.Target.emitCapture(PBld, Ctx.ABI, Fr, Exit, K);
  IRBuilder<> CB(C);
  CB.restoreIP(CallAt);
  CB.SetCurrentDebugLocation(DL);
  if (Scope) {
    // Whether this child runs in parallel with the continuation: `steals` moves across
    // the call exactly when a thief took the continuation (sprig_scope_before_spawn).
    Ctx.ABI.emitScopeBeforeSpawn(CB, SF, Scope);
    IRBuilder<> AB(&*Exit->getFirstInsertionPt());
    AB.SetCurrentDebugLocation(DL);
    Ctx.ABI.emitScopeAfterSpawn(AB, SF, Scope);
  }
  CallBase *HC;
  if (ParentPad && F.hasPersonalityFn())
    HC = CB.CreateInvoke(H, Exit, ParentPad, Args);
  else {
    HC = CB.CreateCall(H, Args);
    CB.CreateBr(Exit);
  }
  HC->setCallingConv(H->getCallingConv());
  OldBr->eraseFromParent();
  for (auto [V, Off] : InFrame)
    if (auto *AI = dyn_cast<AllocaInst>(V))
      moveLocalIntoFrame(Ctx, Fr, AI, Off);
  return true;
}

}  // namespace sprig
