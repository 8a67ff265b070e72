//===- plugin/late/SerialGate.h - the serial gate in front of each frame ---===//
//
// The late half of the serial clones (early/SerialClone.h): where a lowered spawning
// function F's frame would begin, a thread that is no worker while the pool is
// saturated tail-calls F's serial clone instead; calls made on a worker skip the test.
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/DenseMap.h"

namespace llvm {
class CallInst;
class Function;
class Module;
}  // namespace llvm

namespace sprig {
// F's serial clone, taken off F (its metadata removed), or null.
llvm::Function *takeSerialClone(llvm::Function &F);
// In F, before Before (the musttail call into F.sprig.body of a split F, or, for
// null, F's entry after its allocas): if sprig_run_serially(), musttail-call
// F.sprig.serial.root (S between the runtime's serial-root calls). WorkerEntry: F
// without the gate, for calls made on a worker (F.sprig.worker, a copy of a split
// wrapper; null for a whole F). False if F cannot tail-call S (prototypes that differ
// after optimisation, variadic, ...): no gate.
bool emitSerialGate(llvm::Function &F, llvm::Function &S, llvm::CallInst *Before,
                    llvm::Function *&WorkerEntry);
// Calls that run on a worker (a helper's spawned call; a call in a lowered body
// dominated by a spawn) go to the callee's worker entry: no gate to test.
void redirectWorkerCalls(
    llvm::Module &M, const llvm::DenseMap<llvm::Function *, llvm::Function *> &WorkerEntry);
// First in the late pass: the pinned spawners (early/SerialClone.h) leave
// llvm.compiler.used; one that nothing uses any more (every call inlined) is deleted, as
// the optimiser would have.
void unpinSpawners(llvm::Module &M);
// Once for the module: drop the clones from llvm.compiler.used and delete those no gate
// reaches.
void finishSerialClones(llvm::Module &M);
}  // namespace sprig
