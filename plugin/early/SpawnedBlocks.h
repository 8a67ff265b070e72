//===- plugin/early/SpawnedBlocks.h - the no-op call a spawned block starts with ===//
//
// frontend/Rewrite.cpp turns `[[sprig::spawn]] { statements }` into
//   { __sprig_spawn_begin(N); __sprig_tag_N(__sprig_spawn_block)(); { statements }
//     __sprig_spawn_end(N); }
// so that the block is an ordinary spawned statement whose spawned call is a call of
// __sprig_spawn_block: the detach lands before it, and the rest of the statement (the
// block) runs in the helper. CodeGen only declares the function; this step gives it an
// empty internal body first, so that every program the markers become (the parallel
// one, the serial clones, --scale, --race) calls a no-op, which the optimiser inlines.
//===----------------------------------------------------------------------===//
#pragma once

namespace llvm {
class Module;
}  // namespace llvm

namespace sprig {

// Define __sprig_spawn_block (Markers.h) if M declares it. True if M changed.
bool defineSpawnBlockEntry(llvm::Module &M);

}  // namespace sprig
