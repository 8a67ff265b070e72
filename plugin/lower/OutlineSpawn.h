//===- plugin/lower/OutlineSpawn.h - one spawned statement becomes a helper call ===//
//
// The interval [__sprig_spawn_begin(id), __sprig_spawn_end(id)) of a spawning function
// F is cloned into a new internal noinline function, the helper (function attribute
// "sprig-helper"): values from F are passed as arguments (pointers to F's locals),
// temporaries used only by the statement become the helper's own. The detach (the
// inline sprig_detach of abi.bc) goes right before the tagged call; the normal exit runs
// the inline pop (leave_helper); exceptions take the paths of SpawnEH.h. In F the
// interval becomes: enter the frame if this is the path's first spawn; set the
// "spawned" flag; capture the continuation (setjmp); if it returned 0, call the helper.
//===----------------------------------------------------------------------===//
#pragma once
#include "LoweringContext.h"
#include "SpawnShape.h"

namespace sprig {

// Lower one spawn of Fr.F. False after Ctx.fail() (an internal error). The interval's
// blocks are left unreachable in F, for the caller to remove.
bool outlineSpawn(ModuleContext &Ctx, SpawnFrame &Fr, SpawnMarkers &S);

// The frame's entry, at the first spawn of a path (or the first sprig::cancel(), which
// needs the frame): if the spawned flag is clear, enter and bind the frame, force
// frame-pointer addressing and store what the continuations need; then set the flag.
// All before `Before`.
void enterFrameIfFirst(ModuleContext &Ctx, SpawnFrame &Fr, llvm::Instruction *Before,
                       const llvm::DebugLoc &DL);

}  // namespace sprig
