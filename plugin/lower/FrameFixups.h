//===- plugin/lower/FrameFixups.h - keep a spawning function's frame resumable ===//
//
// A continuation may run on another stack (a thief's) and come back at a sync, so a
// spawning function must address every local from its frame pointer and own nothing on
// the stack whose address depends on the stack pointer:
//   - over-aligned allocas are 16-aligned ones with the address rounded up (no stack
//     realignment, which addresses locals from %rsp);
//   - alloca/VLAs come from a per-invocation heap arena (runtime/alloca.cpp);
//   - the locals a helper writes through pointers escape on every resumed path;
//   - the function is marked so the backend keeps a frame pointer and the late pass
//     (late/LatePasses.h) finds it.
//===----------------------------------------------------------------------===//
#pragma once
#include "LoweringContext.h"

namespace sprig {

// Drop the lifetime markers of AI (its slot then lives for the whole call).
void dropLifetimeMarkers(llvm::AllocaInst *AI);
// Over-aligned static allocas of F's entry block become 16-aligned, rounded up.
void fixOverAlignedAllocas(llvm::Module &M, llvm::Function &F);
// Each dynamic alloca of F becomes a block of a heap arena; stacksave/stackrestore
// become a mark and a release of it. Returns the arena's slot, or null if F has none.
llvm::AllocaInst *moveDynamicAllocasToHeap(ModuleContext &Ctx, llvm::Function &F);
// alloca'd memory lives until F returns or unwinds: release the arena at every exit.
void releaseArenaAtExits(ModuleContext &Ctx, llvm::Function &F, llvm::AllocaInst *Arena);
// On every resumed edge of Fr, a use of every pointer a helper call receives.
void escapeSharedOnResume(ModuleContext &Ctx, SpawnFrame &Fr);
// The function attributes of a lowered spawning function.
void markSpawner(llvm::Function &F);

}  // namespace sprig
