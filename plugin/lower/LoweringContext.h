//===- plugin/lower/LoweringContext.h - state shared by the pieces of the lowering ===//
//
// The lowering of one module is driven by LowerSpawns.cpp; the pieces it calls
// (OutlineSpawn, SpawnEH, FrameFixups, RuntimeABI, the module's ParallelTarget) share
// these objects, passed explicitly (the plugin keeps no global mutable state):
//   MarkerContext   the module, its common types, the marker functions, and the
//                   failure flag with its diagnostic (also the serial tools',
//                   modes/SerialHooks.h, and the serial clones', early/SerialClone.h);
//   ModuleContext   that, the module's target and the runtime's entry points;
//   SpawnFrame      one spawning function being lowered: its sprig_frame, the
//                   "spawned on this path" flag, and the resumed edges made so far.
// Also here: the lowering's debug output and statistics, which every IR pass uses.
//===----------------------------------------------------------------------===//
#pragma once
#include "Assert.h"
#include "Markers.h"
#include "RuntimeABI.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

namespace sprig {

// Debug output of the lowering: `-mllvm -sprig-debug` (clang) or `-sprig-debug` (opt),
// since Debian's release LLVM has no -debug-only. Under an assertion-enabled LLVM,
// -debug-only=sprig-lower (DEBUG_TYPE of each file) works too.
bool sprigDebugEnabled();
#ifndef NDEBUG
#define SPRIG_DEBUG(X)                                                                     \
  do {                                                                                     \
    if (::sprig::sprigDebugEnabled() ||                                                    \
        (::llvm::DebugFlag && ::llvm::isCurrentDebugType(DEBUG_TYPE))) {                   \
      X;                                                                                   \
    }                                                                                      \
  } while (false)
#else
#define SPRIG_DEBUG(X)                                                                     \
  do {                                                                                     \
    if (::sprig::sprigDebugEnabled()) {                                                    \
      X;                                                                                   \
    }                                                                                      \
  } while (false)
#endif
// `-mllvm -sprig-count-spawns`: helpers count their spawn for SPRIG_STATS=1.
bool sprigCountSpawns();
// Statistics: `-mllvm -sprig-stats` (clang) or `-sprig-stats` (opt) prints them at exit
// (LLVM's own -stats prints nothing in a release build of LLVM, Debian's included).
void registerStatistic(llvm::TrackingStatistic &S);
struct StatisticRegistrar {
  explicit StatisticRegistrar(llvm::TrackingStatistic &S) { registerStatistic(S); }
};
#define SPRIG_STATISTIC(VAR, DESC)                                                         \
  static ::llvm::TrackingStatistic VAR{DEBUG_TYPE, #VAR, DESC};                            \
  static ::sprig::StatisticRegistrar VAR##Registrar(VAR)

// The marker functions of a module (Markers.h), found by name once.
struct MarkerFns {
  llvm::Function *Begin = nullptr, *End = nullptr, *EndV = nullptr, *Sync = nullptr;
  llvm::Function *LhsBegin = nullptr;
  llvm::Function *ScopeExit = nullptr, *SpawnScope = nullptr;  // [[sprig::scope]]
  llvm::Function *Cancel = nullptr;                            // sprig::cancel()
  llvm::SmallPtrSet<llvm::Function *, 16> Tags, Lhs;

  explicit MarkerFns(llvm::Module &M);
  // The serial modes (race, scale) see a scope's exit as a sync of the whole frame, as
  // before scopes were precise: each __sprig_scope_exit(k) becomes __sprig_sync() (Sync
  // is declared if needed) and the __sprig_spawn_scope calls go.
  void scopesToSyncs(llvm::Module &M);
  // sprig::cancel() outside a spawning function (IsSpawner false for the caller) is an
  // error, reported through Fail (the caller's diagnostic); the calls left, in spawning
  // functions, are dropped when Drop (the serial modes: nothing is cancelled there).
  // Returns false if an error was reported.
  bool checkCancels(llvm::function_ref<bool(llvm::Function &)> IsSpawner,
                    llvm::function_ref<void(llvm::CallBase &)> Fail, bool Drop);
  static bool calls(const llvm::Instruction *I, const llvm::Function *Fn) {
    auto *CB = llvm::dyn_cast<llvm::CallBase>(I);
    return CB && Fn && CB->getCalledFunction() == Fn;
  }
  bool isBegin(const llvm::Instruction *I) const { return calls(I, Begin); }
  bool isEnd(const llvm::Instruction *I) const { return calls(I, End) || calls(I, EndV); }
  bool isSync(const llvm::Instruction *I) const { return calls(I, Sync); }
  bool isTag(const llvm::Value *V) const {
    auto *CB = llvm::dyn_cast<llvm::CallBase>(V);
    return CB && CB->getCalledFunction() && Tags.count(CB->getCalledFunction());
  }
};

// The error for sprig::cancel() in F, a function that spawns nothing.
std::string cancelMisuseMessage(const llvm::Function &F);

// Is CB a call of a spawn helper (made by OutlineSpawn.cpp)?
inline bool callsHelper(const llvm::CallBase *CB) {
  const llvm::Function *Callee = CB->getCalledFunction();
  return Callee && Callee->hasFnAttribute(markers::HelperAttr);
}

// Replace a marker call by nothing (an invoke becomes a branch to its normal dest; a
// value, unused, becomes 0).
void replaceMarkerCall(llvm::CallBase *CB);
// Replace the marker call CB by a call (an invoke, if CB is one) of Fn with Args.
llvm::CallBase *replaceMarkerWith(llvm::CallBase *CB, llvm::FunctionCallee Fn,
                                  llvm::ArrayRef<llvm::Value *> Args);

struct MarkerContext {
  llvm::Module &M;
  llvm::LLVMContext &C;
  llvm::Type *PtrTy, *I8, *I32, *I64, *VoidTy;
  MarkerFns Markers;
  bool Failed = false;

  explicit MarkerContext(llvm::Module &M);
  // An internal error (or an unsupported input) at DL: a compile error, the module is
  // left alone from here on.
  void fail(llvm::Function &F, const llvm::Twine &Msg,
            const llvm::DebugLoc &DL = llvm::DebugLoc());
};

class ParallelTarget;

struct ModuleContext : MarkerContext {
  ParallelTarget &Target;  // the continuation kind (ParallelTarget.h)
  RuntimeABI ABI;
  unsigned HelperCount = 0;

  ModuleContext(llvm::Module &M, ParallelTarget &Target);
};

struct SpawnFrame {
  llvm::Function &F;
  llvm::AllocaInst *SF = nullptr;  // the sprig_frame
  // i1 alloca, false at entry, true at every spawn: promoted to SSA by the optimiser, it
  // tells each sync and exit whether this path has spawned at all (a sync after a loop
  // that spawned nothing, a leaf of uts, waits for nothing and touches no frame).
  llvm::AllocaInst *Spawned = nullptr;
  // The blocks on the edges where a continuation resumes (resumedEdge): completed at
  // the end of the lowering with a use of every pointer a helper receives.
  llvm::SmallVector<llvm::BasicBlock *, 8> Resumed;
  // Locals of F that helpers write or read through a pointer, moved into the frame's
  // allocation past the sprig_frame (OutlineSpawn.cpp, "locals in the frame"): each is
  // now `SF + offset`, and a helper computes that address from its parent pointer
  // instead of taking it as an argument. Maps the address (F's GEP) to its offset.
  llvm::DenseMap<llvm::Value *, uint64_t> FrameLocals;
  uint64_t FrameEnd = 0;  // bytes of SF's allocation in use (0: sizeof(sprig_frame))
  // The return-address target's (ReturnAddressTarget.cpp): a thief reads the resume
  // point from the stack unless the frame has SPRIG_FRAME_PC_IN_CTX, which a setjmp
  // spawn of F sets. Once F has such a spawn (PCInCtx), every return-address helper of
  // F also stores its return address into ctx[PC]; RADetaches are their detaches, for
  // those outlined before it.
  bool PCInCtx = false;
  llvm::SmallVector<llvm::CallInst *, 4> RADetaches;
  // The scope record (sprig_scope) of each spawn in a [[sprig::scope]] block, by spawn
  // id (Markers.h, __sprig_spawn_scope).
  llvm::DenseMap<uint64_t, llvm::AllocaInst *> ScopeOfSpawn;

  explicit SpawnFrame(llvm::Function &F) : F(F) {}
  // Run Body (at Before) only on paths that spawned.
  void ifSpawned(llvm::Instruction *Before,
                 llvm::function_ref<void(llvm::IRBuilder<> &)> Body);
  // A block on the edge a resumed continuation takes to Target (see RuntimeABI.cpp).
  llvm::BasicBlock *resumedEdge(llvm::BasicBlock *Target, const llvm::Twine &Name);
};

}  // namespace sprig
