//===- plugin/early/ParallelLoops.h - parallel loops become D&C calls ------===//
#pragma once

namespace llvm {
class Module;
}  // namespace llvm

namespace sprig {
class LoweringTarget;

// Outline every [[sprig::parallel_for]] region of M into a chunk function called through
// the module's divide-and-conquer driver (ParallelLoops.cpp has the scheme), split to
// Target's grain (LoweringTarget::loopGrain); the first step of sprig-lower. True if M
// changed; Failed after an internal error (reported).
bool lowerParallelLoops(llvm::Module &M, const LoweringTarget &Target, bool &Failed);
}  // namespace sprig
