//===- plugin/lower/LowerSpawns.h - the driver of the parallel lowering ----===//
#pragma once

namespace llvm {
class Module;
}  // namespace llvm

namespace sprig {
class ParallelTarget;

// Lower every spawn and sync marker of M into frames, helpers and syncs, with Target's
// continuations (LowerSpawns.cpp has the steps). False if M has no marker.
bool lowerSpawns(llvm::Module &M, ParallelTarget &Target);
}  // namespace sprig
