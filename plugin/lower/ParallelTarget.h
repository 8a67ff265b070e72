//===- plugin/lower/ParallelTarget.h - the parallel program and its continuations ===//
//
// The ordinary sprig++ build: every spawning function gets a frame, every spawn a
// helper, every sync the inline wait (LowerSpawns.cpp and the files it drives), and the
// late passes (late/) shrink-wrap, gate and inline what was lowered. All of that is the
// same for every way of capturing a continuation; what a continuation kind supplies is
// asked of this class (docs/design.md, "Continuations"):
//   - which abi.bc entry point enters a frame, and which entry points and conventions
//     only this kind uses (declared before abi.bc is linked, applied after);
//   - how each spawn's continuation is captured: by the helper call itself (the parent
//     resumes at its return address) or by a setjmp before the call; what the helper
//     records before its detach;
//   - what a frame stores once, at its first spawn;
//   - how a sync that must wait suspends, and where its frame resumes.
//
//   ReturnAddressTarget (x86-64 ELF)  a spawn's helper is called `preserve_none` and
//       its return address is the continuation, a sync's suspension likewise
//       (__sprig_sync_capture); a helper with more parameters than `preserve_none`
//       passes in registers takes the setjmp capture instead, in the same frame.
//   SetjmpTarget (elsewhere)  every capture is __builtin_setjmp's, on sprig/abi.h's
//       SPRIG_CTX_* layout of the frame's ctx.
//===----------------------------------------------------------------------===//
#pragma once
#include "Target.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/IRBuilder.h"
#include <memory>

namespace sprig {

class RuntimeABI;
struct SpawnFrame;

// How one spawn's continuation is captured (ParallelTarget::captureFor).
enum class Capture {
  ReturnAddress,  // the helper call itself: its return address resumes the parent
  Setjmp,         // a setjmp before the helper call; a longjmp to it resumes
};

class ParallelTarget : public LoweringTarget {
public:
  // The lowering of M's spawns and syncs (LowerSpawns.h).
  bool lowerMarkers(llvm::Module &M) override;
  // The late passes on what was lowered (late/LatePasses.h).
  llvm::PreservedAnalyses finishModule(llvm::Module &M, llvm::ModuleAnalysisManager &MAM,
                                       bool Optimize) override;

  // ---- the runtime's entry points (RuntimeABI::link) ----

  // The abi.bc fast path that enters a frame at its first spawn.
  virtual llvm::StringRef enterFrameFn() const = 0;
  // Declares the runtime functions only this kind calls (before abi.bc is linked).
  virtual void declareEntryPoints(llvm::Module &M) {}
  // Once abi.bc is linked into M (and the module's ABI check added): what only this
  // kind's platform does with it.
  virtual void afterLink(RuntimeABI &ABI) {}

  // ---- a spawn (OutlineSpawn.cpp) ----

  // How the spawn whose helper takes NumParams parameters captures its continuation.
  virtual Capture captureFor(unsigned NumParams) const = 0;
  // The helper H of such a spawn, just created: its calling convention.
  virtual void prepareHelper(llvm::Function &H, Capture K) const {}
  // In the helper, at B, right before its detach; ParentSF: the parent's frame.
  virtual void emitBeforeDetach(llvm::IRBuilder<> &B, RuntimeABI &ABI, SpawnFrame &Fr,
                                llvm::Value *ParentSF, Capture K) const {}
  // The helper's detach call, just made.
  virtual void noteDetach(SpawnFrame &Fr, llvm::CallInst *Detach, Capture K) const {}
  // At the frame's first spawn, once it is entered and its frame forced: what its
  // continuations need stored once per invocation.
  virtual void emitFrameEntry(llvm::IRBuilder<> &B, RuntimeABI &ABI,
                              llvm::Value *SF) const {}
  // In the parent, at the spawn point (B, before the branch into the statement, which
  // the caller erases afterwards): capture the continuation, which goes on at Exit.
  // Returns where the helper call goes.
  virtual llvm::IRBuilderBase::InsertPoint emitCapture(llvm::IRBuilder<> &B,
                                                       RuntimeABI &ABI, SpawnFrame &Fr,
                                                       llvm::BasicBlock *Exit,
                                                       Capture K) = 0;

  // ---- a sync that waits (RuntimeABI::emitSyncWait) ----

  // The name of the block that suspends: Prefix + this.
  virtual llvm::StringRef syncSuspendSuffix() const = 0;
  // At B, in that block (F's frame was stolen from): suspend until every child is done,
  // then resume on the frame's own stack and go on through a resumed edge to Resume;
  // blocks are created before Cont.
  virtual void emitSyncSuspend(llvm::IRBuilder<> &B, RuntimeABI &ABI, SpawnFrame &Fr,
                               llvm::BasicBlock *Resume, llvm::BasicBlock *Cont,
                               llvm::StringRef Prefix) = 0;

protected:
  // The setjmp capture of a spawn: setjmp(ctx); 0 (the first return) calls the helper
  // in a block of its own, a resumed continuation takes a resumed edge to Exit.
  llvm::IRBuilderBase::InsertPoint emitSetjmpCapture(llvm::IRBuilder<> &B, RuntimeABI &ABI,
                                                     SpawnFrame &Fr,
                                                     llvm::BasicBlock *Exit);
  // The setjmp suspension of a sync: setjmp(ctx); 0 suspends (__sprig_sync_suspend,
  // no return), the resumed frame takes a resumed edge to Resume.
  void emitSetjmpSuspend(llvm::IRBuilder<> &B, RuntimeABI &ABI, SpawnFrame &Fr,
                         llvm::BasicBlock *Resume, llvm::BasicBlock *Cont,
                         llvm::StringRef Prefix);
};

std::unique_ptr<LoweringTarget> createReturnAddressTarget();  // ReturnAddressTarget.cpp
std::unique_ptr<LoweringTarget> createSetjmpTarget();         // SetjmpTarget.cpp

}  // namespace sprig
