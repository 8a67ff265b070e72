//===- plugin/Markers.h - the contract between the AST rewrite and the IR passes ===//
//
// The rewrite (frontend/Rewrite.cpp) turns every accepted spawn and sync into calls of
// extern "C" marker functions that CodeGen only declares; the IR lowering
// (lower/LowerSpawns.cpp and the files it drives) finds them by these names and replaces
// every call. This header is the one place both sides take the names from.
//
//   __sprig_spawn_begin(id)      start of a spawned statement (or of a spawned
//                                declaration's initializer); id: i64 constant, unique in
//                                the translation unit, pairs a begin with its end
//   __sprig_spawn_end(id)        end of a spawned statement
//   __sprig_spawn_end_v(id)      end of a spawned declaration (returns int, its value is
//                                unused: it initializes a dummy variable)
//   __sprig_sync()               an explicit sync, or the implicit one before a return
//   __sprig_scope_exit(k)        control leaves [[sprig::scope]] block k (its end, or a
//                                break/continue/goto out of it): wait for the children
//                                spawned directly in it; k: i32 constant, unique in the
//                                translation unit
//   __sprig_spawn_scope(id, k)   just before __sprig_spawn_begin(id): spawn id sits
//                                directly in scope k (the exits of k wait for it)
//   __sprig_tag_N(p) -> p        identity on the one operand only the spawned call uses
//                                (its callee, or its object): finds that call in IR
//   __sprig_spawn_block()        a no-op, the spawned call of a spawned block
//                                `[[sprig::spawn]] { ... }` (early/SpawnedBlocks.h)
//   __sprig_lhs_begin()          the start of an assignment target's evaluation;
//   __sprig_lhs_N(p) -> p        its end (identity on the target's address)
//   __sprig_pfor_begin(id, n, g) a parallel loop's region starts: n iterations, grain g
//                                (0: the default); id: i32 constant, unique in the
//                                translation unit, pairs the loop's markers
//   __sprig_pfor_index(id) -> k  in the region: the iteration's index, 0 <= k < n
//   __sprig_pfor_catch(id)       in the region's catch (...): keep the exception
//   __sprig_pfor_break(id)       in the region, just before a `break` of the body's top
//                                level: iteration k ends the loop (first k wins)
//   __sprig_pfor_end(id)         the region's end; the kept exception is rethrown here
//   __sprig_cancel_here()        sprig::cancel() (sprig/cancel.h names its declaration so):
//                                in a spawning function it becomes __sprig_cancel(frame);
//                                elsewhere it is a compile error; the serial clone and the
//                                serial modes drop it
//
// What the lowering leaves in IR for the passes after it (instead of names):
//   function attribute "sprig-spawner"     a lowered spawning function (late pass)
//   function attribute "sprig-helper"      a spawn helper made by lower/OutlineSpawn.cpp
//   function attribute "sprig-orig-frame-pointer"  the spawner's own frame-pointer
//                                          setting, for a frameless wrapper (SplitPrefix)
//   metadata !sprig.frame on an alloca     the sprig_frame of a lowered function
//   function attribute "sprig-serial"      a serial clone (early/SerialClone.h)
//   metadata !sprig.serial on a function   its serial clone, until the late pass
//   metadata !sprig.spawned on a call      a helper's spawned call (runs on a worker)
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/StringRef.h"

namespace sprig::markers {
inline constexpr llvm::StringLiteral SpawnBegin = "__sprig_spawn_begin";
inline constexpr llvm::StringLiteral SpawnEnd = "__sprig_spawn_end";
inline constexpr llvm::StringLiteral SpawnEndValue = "__sprig_spawn_end_v";
inline constexpr llvm::StringLiteral SpawnEndVar = "__sprig_spawn_end_var";
inline constexpr llvm::StringLiteral Sync = "__sprig_sync";
inline constexpr llvm::StringLiteral ScopeExit = "__sprig_scope_exit";
inline constexpr llvm::StringLiteral SpawnScope = "__sprig_spawn_scope";
inline constexpr llvm::StringLiteral TagPrefix = "__sprig_tag_";
inline constexpr llvm::StringLiteral SpawnBlock = "__sprig_spawn_block";
inline constexpr llvm::StringLiteral LhsBegin = "__sprig_lhs_begin";
inline constexpr llvm::StringLiteral LhsPrefix = "__sprig_lhs_";
inline constexpr llvm::StringLiteral LoopBegin = "__sprig_pfor_begin";
inline constexpr llvm::StringLiteral LoopIndex = "__sprig_pfor_index";
inline constexpr llvm::StringLiteral LoopCatch = "__sprig_pfor_catch";
inline constexpr llvm::StringLiteral LoopEnd = "__sprig_pfor_end";
inline constexpr llvm::StringLiteral LoopBreak = "__sprig_pfor_break";
inline constexpr llvm::StringLiteral CancelHere = "__sprig_cancel_here";

inline constexpr llvm::StringLiteral SpawnerAttr = "sprig-spawner";
inline constexpr llvm::StringLiteral HelperAttr = "sprig-helper";
inline constexpr llvm::StringLiteral OrigFramePointerAttr = "sprig-orig-frame-pointer";
inline constexpr llvm::StringLiteral FrameMD = "sprig.frame";
inline constexpr llvm::StringLiteral SerialAttr = "sprig-serial";  // a serial clone
inline constexpr llvm::StringLiteral SerialMD = "sprig.serial";    // F -> its clone
// An internal spawner kept in llvm.compiler.used from its clone's making to the late
// pass, so that no interprocedural pass changes its prototype or convention apart from
// its clone's (early/SerialClone.h).
inline constexpr llvm::StringLiteral PinnedAttr = "sprig-pinned";
inline constexpr llvm::StringLiteral SpawnedCallMD = "sprig.spawned";  // in a helper
}  // namespace sprig::markers
