//===- plugin/late/PreserveNoneEntries.h - spawners called without saved registers ===//
//
// docs/design.md, "preserve_none worker entries". A call made on a worker (a helper's
// spawned call, a call in a lowered body past a spawn) goes to the callee's worker entry
// F.sprig.worker (SerialGate.h), which jumps into
// F.sprig.body. The body calls `preserve_none` helpers, which may clobber every
// register, so with the C convention it saves and restores all six callee-saved
// registers on every call. Here each such pair gets a `preserve_none` copy,
// F.sprig.worker.pn -> F.sprig.body.pn, and every call of the worker entry goes to it:
// the copy saves nothing, and its callers, which are spawners or helpers themselves,
// keep nothing in registers across it anyway. F.sprig.body stays for F's own (C
// convention) callers.
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
class Module;
}  // namespace llvm

namespace sprig {
// Late (LatePasses.h), after redirectWorkerCalls: WorkerEntry (F ->
// F.sprig.worker) is updated to the preserve_none copies. False if nothing changed.
// Optimising builds only; `-mllvm -sprig-preserve-none-entries=0` turns it off.
// The copies of the bodies run only on a bound thread: their root binding and unbinding
// are made unreachable (BoundThread.h), and those changed are added to Simplify, for
// SimplifyCFG to fold the tests away.
bool makePreserveNoneEntries(
    llvm::Module &M, llvm::DenseMap<llvm::Function *, llvm::Function *> &WorkerEntry,
    llvm::SmallVectorImpl<llvm::Function *> &Simplify);
}  // namespace sprig
