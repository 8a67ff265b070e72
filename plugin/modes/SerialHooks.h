//===- plugin/modes/SerialHooks.h - the serial elision with a tool's hooks -===//
//
// The two tools that run a program serially, in depth-first order, and watch its
// series-parallel structure: the work/span profiler (sprig++ --scale, Scale.cpp) and the
// race detector (sprig++ --race, Race.cpp). Neither lowers spawns into frames: the serial
// elision runs (the markers are stripped as for the serial clone, early/SerialClone.h),
// and a tool's hooks go where the structure changes:
//   enter    at the entry of a function that spawns
//   spawn    right before each spawned call (found through its tag: the arguments are
//            evaluated before it, as in the parallel program)
//   spawned  at the end of each spawned statement (after the call and its result's store)
//   sync     at every sync marker (explicit, implicit before a return, per parallel-loop
//            iteration that spawns)
//   leave    before each return of a function that spawns
//   landingPad, resume: at its landing pads and before its `resume`s
// Functions that only sync (no spawn) get no hook: their syncs wait for nothing.
// An exception that leaves a spawned statement or a spawning function skips `spawned`
// or `leave`; each tool says what that means for it.
//
// Each tool is a LoweringTarget (Target.h) derived from SerialToolTarget: its hooks, and
// the module constructor that starts its runtime.
//===----------------------------------------------------------------------===//
#pragma once
#include "Target.h"
#include "llvm/IR/IRBuilder.h"
#include <memory>

namespace llvm {
class Function;
class Module;
}  // namespace llvm

namespace sprig {

// One spawning function's hooks. The builders are positioned where the hook goes.
struct SerialHooks {
  virtual ~SerialHooks() = default;
  virtual void enter(llvm::IRBuilder<> &B) {}  // after the entry block's allocas
  // Call: the spawned call, right after B.
  virtual void spawn(llvm::IRBuilder<> &B, llvm::CallBase *Call) = 0;
  // Private: the locals only the spawned statement uses (its argument temporaries, which
  // in the parallel program live in the child's frame), when wantsPrivateLocals().
  virtual void spawned(llvm::IRBuilder<> &B,
                       llvm::ArrayRef<llvm::AllocaInst *> Private) = 0;
  virtual void sync(llvm::IRBuilder<> &B) = 0;
  virtual void leave(llvm::IRBuilder<> &B) {}
  // At each landing pad of the function (after the landingpad instruction): the
  // parallel program syncs there before any cleanup or handler runs.
  virtual void landingPad(llvm::IRBuilder<> &B) {}
  // Before each `resume` (an exception leaves the function).
  virtual void resume(llvm::IRBuilder<> &B) {}
  // Does every exit by an exception need landingPad and resume, also where the function
  // has no landing pad of its own (nothing to destroy)? Then each call that may throw
  // gets one, a cleanup that runs the two hooks and resumes.
  virtual bool wantsExceptionExits() const { return false; }
  virtual bool wantsPrivateLocals() const { return false; }
};

// For every function of M with markers: the serial elision, with the hooks Make gives
// for each function that spawns. False if the markers broke their contract (a compile
// error was reported).
bool lowerToSerialWithHooks(
    llvm::Module &M,
    llvm::function_ref<std::unique_ptr<SerialHooks>(llvm::Function &)> Make);

// A module constructor (priority 0, before the module's others) that calls Init.
void addToolConstructor(llvm::Module &M, llvm::StringRef Name, llvm::StringRef Init);

// A tool's target: early, the serial elision with the tool's hooks, and a constructor
// (constructorName) that calls the tool's runtime (initFunction) before any other of
// the module's constructors runs.
class SerialToolTarget : public LoweringTarget {
public:
  bool lowerMarkers(llvm::Module &M) override;

protected:
  // The hooks of the spawning function F (which the tool may also mark).
  virtual std::unique_ptr<SerialHooks> hooksFor(llvm::Module &M, llvm::Function &F) = 0;
  virtual llvm::StringRef constructorName() const = 0;
  virtual llvm::StringRef initFunction() const = 0;
};

}  // namespace sprig
