//===- plugin/early/SerialClone.h - the serial elision kept beside each spawner ===//
//
// Every spawning function F gets a serial clone, F.sprig.serial: F's body as Clang
// emitted it, with the spawn and sync markers removed (the serial elision), in which
// direct calls to the module's other spawning functions call their clones. At the end
// of the pipeline F tests the serial gate (sprig/abi.h, sprig_run_serially) where its
// frame would begin, and a thread that is no worker while the pool is saturated
// tail-calls the clone (late/SerialGate.h): a root computation that could only run
// serially anyway runs at the speed of the serial elision, with no frame, spawn or sync.
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
}  // namespace llvm

namespace sprig {
struct MarkerContext;
struct MarkerFns;

// The gate's thread-local read of the worker (abi.bc), kept alive for the late pass.
inline constexpr llvm::StringLiteral SerialGateSelfFn = "__sprig_bc_self";

// The serial elision of a marked body, in place: every marker call goes (an identity
// marker is replaced by its operand, the others by nothing). Also the serial tools'
// (modes/SerialHooks.h).
void stripMarkers(llvm::Function &S, const MarkerFns &Mk);

// Early (lower/LowerSpawns.cpp, before F is lowered): clone every function of Spawners.
// Each clone is internal, kept alive by llvm.compiler.used until the late pass, and
// named by F's !sprig.serial metadata. An internal F whose address is not taken is
// pinned there too (attribute sprig-pinned) until the late pass: the gate tail-calls
// the clone with F's own arguments, which needs the two prototypes and conventions
// alike, and a pass that sees every use of F as a call would change F's alone (dead
// arguments of a lambda's unused `this`, an argument promoted from a reference, the
// fast convention). Pinned, F keeps its prototype, as a function with external linkage
// does (unpinSpawners, late/SerialGate.h).
void makeSerialClones(MarkerContext &Ctx, llvm::ArrayRef<llvm::Function *> Spawners);
}  // namespace sprig
