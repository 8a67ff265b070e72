//===- plugin/lower/SpawnEH.h - exceptions across spawns ------------------===//
//
// Serial semantics for exceptions (docs/design.md, "Exceptions"):
//   - in a helper, every way an exception can leave the spawned statement is caught:
//     before the detach it is rethrown into the parent (an argument's evaluation threw,
//     as in the serial program); after it, the runtime keeps it for the parent's sync
//     (__sprig_child_threw);
//   - in the parent, the exception rethrown by a helper takes the statement's own way
//     out (the landing pad its invokes used, or one rebuilt to reach its cleanups);
//   - every landing pad of a spawning function first waits for the children (they may
//     use the frame); a child's exception, earlier in serial order, replaces the one in
//     flight;
//   - a call that may throw outside any EH scope of a spawning function gets a cleanup
//     pad that syncs and leaves the frame.
//===----------------------------------------------------------------------===//
#pragma once
#include "LoweringContext.h"
#include "SpawnShape.h"

namespace sprig {

// The exception paths of one helper H, built while OutlineSpawn clones a statement.
class HelperEH {
public:
  HelperEH(ModuleContext &Ctx, llvm::Function *H, llvm::Value *ParentSF,
           llvm::AllocaInst *ExnSlot, llvm::AllocaInst *ChildNo);
  // The helper's argument with the scope record of an in-scope spawn (set before
  // makeCatchPath), or null.
  llvm::Value *Scope = nullptr;
  // spawn.caught: hand the exception in ExnSlot to the runtime, leave, return.
  void makeCatchPath();
  // Calls of the statement outside any of its EH scopes unwind straight out of the
  // helper: make them invokes of the catch-all pad. Clones is refreshed (the splits add
  // blocks); Fixed are H's own blocks, not clones. Parent is the spawning function: if
  // it is nounwind, none of its plain calls unwinds (that would unwind out of it), and
  // the helper gets no pad (C, and C++ without exceptions: Clang makes every function
  // nounwind there but leaves the calls of external functions unmarked; a pad would
  // need the C++ personality, which a C program does not link).
  void routeThrowingCalls(llvm::SmallVectorImpl<llvm::BasicBlock *> &Clones,
                          llvm::ArrayRef<llvm::BasicBlock *> Fixed,
                          const llvm::Function &Parent);
  // Edges leaving the interval: to Exit becomes to HExit; an unwind edge to an outside
  // pad, or a cleanup path to an outside block, becomes the catch path; a resume too.
  void redirectExits(llvm::ArrayRef<llvm::BasicBlock *> Clones, llvm::BasicBlock *Exit,
                     llvm::BasicBlock *HExit);
  // The statement's own landing pads catch everything in the helper (after their own
  // clauses: a spawned block's try/catch).
  void catchAllPads(llvm::ArrayRef<llvm::BasicBlock *> Clones);
  // Drop the catch path if nothing reaches it.
  void finish();
  // In the parent: where an exception the helper rethrows (from before the detach)
  // goes. Null if nowhere (the call is then a plain call); false after Ctx.fail().
  bool parentPad(llvm::Function &F, const SpawnRegion &R, llvm::BasicBlock *Exit,
                 const llvm::DebugLoc &DL, llvm::BasicBlock *&Pad);

  llvm::BasicBlock *caught() const { return Caught; }
  llvm::BasicBlock *outerPadIfAny() const { return OuterPad; }

private:
  llvm::BasicBlock *outerPad();
  ModuleContext &Ctx;
  llvm::Function *H;
  llvm::Value *ParentSF;
  llvm::AllocaInst *ExnSlot, *ChildNo;
  llvm::BasicBlock *Caught = nullptr, *OuterPad = nullptr;
  llvm::BasicBlock *DirectPad = nullptr;     // an outside landing pad an invoke unwinds to
  llvm::BasicBlock *EscapeTarget = nullptr;  // an outside block a cleanup path branches to
};

// An exception unwinds through F at LP: wait for F's children first.
void syncAtLandingPad(ModuleContext &Ctx, SpawnFrame &Fr, llvm::LandingPadInst *LP);
// Every way an exception can leave F waits for F's children and leaves the frame.
void addExitPad(ModuleContext &Ctx, SpawnFrame &Fr,
                const llvm::SmallPtrSetImpl<llvm::BasicBlock *> &Cold);

}  // namespace sprig
