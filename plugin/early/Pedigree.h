//===- plugin/early/Pedigree.h - the pedigree kept at spawns and loops ------===//
//
// sprig::dprand() (sprig/rng.h) draws by the calling strand's position in the spawn
// tree. The runtime keeps, per thread, the state of the strand it runs, {hash, rank}
// (runtime/pedigree.h); this step makes the code of a translation unit that includes
// sprig/rng.h (it defines `__sprig_pedigree_tu`) or is built with -sprig-pedigree move
// it at each fork, first in sprig-lower, on the markers, so that every program the
// markers become (the parallel one, its serial clones, --scale, --race) moves it alike:
//
//   %h = __sprig_ped_hash(); %r = __sprig_ped_fork()   before __sprig_spawn_begin(id)
//                                                      (and its __sprig_spawn_scope)
//   __sprig_ped_join(%h, %r)                           after each __sprig_spawn_end*(id)
//
//   %h = __sprig_ped_hash(); %r = __sprig_ped_fork();  before __sprig_pfor_begin(id, ..)
//   %hl = __sprig_ped_hash()
//   __sprig_ped_iter(%hl, %k)                          after %k = __sprig_pfor_index(id)
//   __sprig_ped_join(%h, %r)                           just before __sprig_pfor_end(id),
//                                                      which rethrows an iteration's
//                                                      exception: either way out leaves
//                                                      at {h, r + 1} (ParallelLoops starts
//                                                      the loop's exit at this call)
//
// The fork runs in the parent before the child can run in parallel with anything; the
// join is the continuation's first act, on whichever worker runs it; an iteration's
// state depends on its index only, not on the chunk or the worker that runs it. Other
// modules are left as they are: their spawns cost what they did.
//===----------------------------------------------------------------------===//
#pragma once

namespace llvm {
class Instruction;
class Module;
}  // namespace llvm

namespace sprig {

// Whether M keeps the pedigree (sprig/rng.h's variable, or -sprig-pedigree).
bool keepsPedigree(const llvm::Module &M);

// The runtime's join as a loop's end has it (always a call, __sprig_ped_join).
inline constexpr const char *PedigreeLoopJoin = "__sprig_ped_join";
bool isLoopJoin(const llvm::Instruction *I);

// Add the calls above to every function of M with spawn or loop markers, if M keeps the
// pedigree. True if M changed.
bool addPedigree(llvm::Module &M);

}  // namespace sprig
