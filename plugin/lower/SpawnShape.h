//===- plugin/lower/SpawnShape.h - where a function's spawns, syncs and regions are ===//
//
// Analyses only: nothing here changes the IR. The driver (LowerSpawns.cpp) and
// OutlineSpawn.cpp ask these questions of a function with markers (Markers.h):
//   - which begin/end markers belong together (paired by their constant id),
//   - which syncs there are,
//   - which blocks make up a spawned statement (its region),
//   - which call is the spawned one (the user of the tag),
//   - which blocks no spawn reaches (cold), which syncs wait for nothing (redundant).
//===----------------------------------------------------------------------===//
#pragma once
#include "LoweringContext.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include <optional>
#include <string>

namespace sprig {

// One spawned statement's markers.
struct SpawnMarkers {
  llvm::CallBase *begin = nullptr;  // __sprig_spawn_begin(id): a call, or an invoke
  llvm::CallBase *end = nullptr;    // __sprig_spawn_end(id) / __sprig_spawn_end_v(id)
};

// A problem the analysis found (an internal error: the rewrite broke its contract).
struct ShapeError {
  std::string message;
  llvm::DebugLoc loc;
};

// The spawns of F, paired by id in order of first sight, and its syncs.
std::optional<ShapeError> collectMarkers(llvm::Function &F, const MarkerFns &Markers,
                                         llvm::SmallVectorImpl<SpawnMarkers> &Spawns,
                                         llvm::SmallVectorImpl<llvm::CallBase *> &Syncs);
// F's sync markers, in layout order.
void collectSyncs(llvm::Function &F, const MarkerFns &Markers,
                  llvm::SmallVectorImpl<llvm::CallBase *> &Syncs);

// The blocks of a spawned statement that starts at Entry and leaves through Exit:
// reachable from Entry without passing Exit, and neither reachable from code before it
// (from F's entry without passing Entry) nor from its continuation (from Exit). Clang
// lays out landing pads lazily and shares a pad between the invokes of one EH scope, so
// layout order does not delimit the statement; reachability does. Blocks keep F's
// layout order.
struct SpawnRegion {
  llvm::SmallVector<llvm::BasicBlock *, 16> Blocks;
  llvm::SmallPtrSet<llvm::BasicBlock *, 16> In;
  void compute(llvm::Function &F, llvm::BasicBlock *Entry, llvm::BasicBlock *Exit);
  bool contains(const llvm::BasicBlock *BB) const { return In.count(BB); }
};

// Does R hold a spawn's begin or end marker, or a sync? (A spawned statement's region
// holds neither: the preconditions of OutlineSpawn.cpp.)
bool holdsSpawnOrSync(const SpawnRegion &R, const MarkerFns &Markers);

// The spawned call: the one call that uses the tag's result (as callee, or as an
// argument: the object of a member call, possibly adjusted to a base). Null if there is
// none or more than one.
llvm::CallBase *findSpawnedCall(llvm::CallBase *Tag);

// Blocks no spawn reaches: every spawn enters through a block that calls Enter.
llvm::SmallPtrSet<llvm::BasicBlock *, 32> coldBlocks(llvm::Function &F,
                                                     llvm::Value *EnterCallee);

// A sync reached only straight from another sync (in Syncs), with no helper call in
// between, waits for nothing.
bool isRedundantSync(llvm::CallBase *S,
                     const llvm::SmallPtrSetImpl<llvm::CallBase *> &Syncs);

}  // namespace sprig
