//===- plugin/SerialClone.h - the serial elision kept beside each spawner --===//
//
// Every spawning function F gets a serial clone, F.sprig.serial: F's body as Clang
// emitted it, with the spawn and sync markers removed (the serial elision), in which
// direct calls to the module's other spawning functions call their clones. At the end
// of the pipeline F tests the serial gate (sprig/abi.h, sprig_run_serially) where its
// frame would begin, and a thread that is no worker while the pool is saturated
// tail-calls the clone: a root computation that could only run serially anyway runs at
// the speed of the serial elision, with no frame, spawn or sync (issue 13).
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

namespace llvm {
class CallInst;
class Function;
class Module;
}  // namespace llvm

namespace sprig {
struct ModuleContext;
struct MarkerFns;

// The serial elision of a marked body, in place: every marker call goes (an identity
// marker is replaced by its operand, the others by nothing). Also used by Scale.cpp.
void stripMarkers(llvm::Function &S, const MarkerFns &Mk);

// Early (LowerSpawns.cpp, before F is lowered): clone every function of Spawners.
// Each clone is internal, kept alive by llvm.compiler.used until the late pass, and
// named by F's !sprig.serial metadata.
void makeSerialClones(ModuleContext &Ctx, llvm::ArrayRef<llvm::Function *> Spawners);

// Late (PassRegistration.cpp): F's serial clone, taken off F (its metadata removed), or
// null.
llvm::Function *takeSerialClone(llvm::Function &F);
// Late: in F, before Before (the musttail call into F.sprig.body of a split F, or, for
// null, F's entry after its allocas): if sprig_run_serially(), musttail-call
// F.sprig.serial.root (S between the runtime's serial-root calls). WorkerEntry: F
// without the gate, for calls made on a worker (F.sprig.worker, a copy of a split
// wrapper; null for a whole F). False if F cannot tail-call S (prototypes no longer
// match, variadic, ...): no gate.
bool emitSerialGate(llvm::Function &F, llvm::Function &S, llvm::CallInst *Before,
                    llvm::Function *&WorkerEntry);
// Late: calls that run on a worker (a helper's spawned call; a call in a lowered body
// dominated by a spawn) go to the callee's worker entry: no gate to test.
void redirectWorkerCalls(llvm::Module &M,
                         const llvm::DenseMap<llvm::Function *, llvm::Function *> &WorkerEntry);
// Late, once for the module: drop the clones from llvm.compiler.used and delete those
// no gate reaches.
void finishSerialClones(llvm::Module &M);
}  // namespace sprig
