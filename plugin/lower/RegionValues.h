//===- plugin/lower/RegionValues.h - what an outlined region takes from its function ===//
//
// A spawned statement (OutlineSpawn.cpp) and a parallel loop's iteration
// (early/ParallelLoops.cpp) are both regions of F (SpawnRegion) cloned into a function of
// their own. Both ask the same questions of the values crossing the region's border:
//   - which values of F the region uses (they become the clone's parameters),
//   - which of F's locals belong to the region alone (the clone gets its own copy),
//   - which locals the region only reads (they can be passed by value),
//   - and the cloning itself.
//===----------------------------------------------------------------------===//
#pragma once
#include "SpawnShape.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace sprig {

// The values of F that R uses: instructions outside R and F's arguments, in the order
// R's blocks use them. False if a value computed in R is used outside it (the rewrite
// never makes one: an internal error).
bool regionInputs(const SpawnRegion &R, llvm::SetVector<llvm::Value *> &Inputs);

// A static alloca of F that only R uses, or an exception slot (a landing pad's values
// are stored into it: Clang shares one per function, and each region fills and reads it
// between its own pad and handler).
bool privateToRegion(const llvm::Value *V, const SpawnRegion &R);

// Locals of F (static allocas in the entry block, but those in Skip) whose address never
// leaves F (plain loads and stores only), that F uses outside R, and that R only reads:
// load each once at At, and let R use that value instead. Nothing can write such a local
// while R runs: F does not run then (it waits at At's call, or runs a continuation
// that, in the serial program, came later), and no pointer to it exists.
// WithLifetimes: also locals with lifetime markers (-O1 and up) outside R, which bound
// a lifetime that R lies within. Parallel loops take them (a loop's bound or step is
// such a local; reloaded after every store in the body, it kept loops from being
// vectorised); spawns do not yet (more values live across the preserve_none spawn call
// made the register allocator fail on a generated program: fuzz seed 42 at -O1).
void readOnlyLocalsByValue(llvm::Function &F, const SpawnRegion &R, llvm::Instruction *At,
                           llvm::ArrayRef<const llvm::Value *> Skip,
                           bool WithLifetimes = false);

// Remove what ties I to F's debug information: records, location, assignment ID (for an
// instruction cloned into a function without a subprogram).
void dropDebugInfo(llvm::Instruction &I);

// Clone R's blocks, in order, into H, mapping through VMap (which holds what the caller
// mapped already: inputs, private locals, blocks outside R), and remap them. The clones
// carry no debug information (dropDebugInfo): H has no subprogram of its own.
// FixDebug, if given, replaces dropDebugInfo for each cloned instruction (a caller that
// gives H a subprogram of its own re-homes the locations instead).
llvm::SmallVector<llvm::BasicBlock *, 16>
cloneRegion(const SpawnRegion &R, llvm::Function *H, llvm::ValueToValueMapTy &VMap,
            llvm::function_ref<void(llvm::Instruction &)> FixDebug = nullptr);

}  // namespace sprig
