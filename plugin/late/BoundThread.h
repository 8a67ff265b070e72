//===- plugin/late/BoundThread.h - code that only runs on a bound thread --===//
//
// A thread runs a spawning function's frame either as a worker (a pool worker, or a
// thread bound as a root for the length of its root computation) or as no worker at
// all. Generated code binds a thread that is no worker at the frame's first spawn
// (sprig_bind, in the parent: sprig/abi.h), which makes that frame the root: the only
// frame whose flags get SPRIG_FRAME_ROOT, and the only one whose exit calls
// __sprig_leave_root. Once bound, a thread stays bound until its root frame leaves, and
// code that changes threads inside a computation (a stolen continuation, a sync resumed
// by the last child) only ever lands on workers.
//
// So in code known to start on a bound thread, sprig_bind never binds and no frame is a
// root: its calls of __sprig_enter_root and __sprig_leave_root are unreachable, and
// making them so lets SimplifyCFG drop the two tests around them (the thread's worker at
// the first spawn, the ROOT bit at every exit: 4 instructions per call of fib). Such code:
//  - the preserve_none bodies F.sprig.body.pn (PreserveNoneEntries.h): called only from
//    worker entries, which are called only on a worker (SerialGate.cpp,
//    redirectWorkerCalls: a helper's spawned call, or a call in a lowered body past a
//    spawn);
//  - whatever ChildInline.h inlines into a helper in place of the spawned call: it runs
//    after the helper's detach, on a worker.
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class CallBase;
class Function;
}  // namespace llvm

namespace sprig {
// Every call of __sprig_enter_root or __sprig_leave_root in F becomes `unreachable`.
// True if F changed. (Run SimplifyCFG on F afterwards.)
bool assumeBoundThread(llvm::Function &F);
// The same for those of Calls (call sites inlined in place of a spawned call).
bool assumeBoundThread(llvm::ArrayRef<llvm::CallBase *> Calls);
}  // namespace sprig
