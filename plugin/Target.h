//===- plugin/Target.h - what the IR passes make of the markers, chosen once ---===//
//
// The same markers (Markers.h) become one of four programs. Which one is decided once
// per module, from the driver's flags and the module's target triple, by
// LoweringTarget::select; the passes then ask that object whatever differs, and test
// no mode or platform themselves:
//
//   ReturnAddressTarget  lower/  the parallel program on x86-64 ELF: a continuation is
//                                the return address of a `preserve_none` call
//   SetjmpTarget         lower/  the parallel program elsewhere: __builtin_setjmp
//   ScaleTarget          modes/  sprig++ --scale: the serial elision with the work/span
//                                profiler's hooks and instruction counters
//   RaceTarget           modes/  sprig++ --race: the serial elision with the race
//                                detector's hooks
//
// The two parallel targets share ParallelTarget (lower/ParallelTarget.h), which names
// what a continuation kind supplies; the two tools share SerialToolTarget
// (modes/SerialHooks.h), which names the hooks. Adding a target is adding one class
// and one line to select().
//
// Where the passes (PassRegistration.cpp) ask it:
//   sprig-lower (early):      parallel loops outlined (early/ParallelLoops.h, with the
//                             target's loopGrain), then lowerMarkers
//   sprig-fix-frames (late):  reducer views expanded if expandsReducerViews, then
//                             finishModule; in an optimising pipeline, cleanUp after it
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PassManager.h"
#include <memory>

namespace llvm {
class Module;
}  // namespace llvm

namespace sprig {

class LoweringTarget {
public:
  // The target for M: -sprig-scale and -sprig-race (set by the frontend for
  // -fplugin-arg-sprig-scale / -race, which sprig++ --scale / --race pass) pick a tool;
  // otherwise M's triple picks the continuation kind.
  static std::unique_ptr<LoweringTarget> select(const llvm::Module &M);

  virtual ~LoweringTarget();
  virtual llvm::StringRef name() const = 0;

  // ---- early (sprig-lower) ----

  // The grain of a parallel loop's divide-and-conquer driver, computed in the loop's
  // function before the driver's call: Grain, the loop's [[sprig::grainsize]] (0 if it
  // has none), or for 0 the runtime's default for Count iterations (DefaultGrain,
  // __sprig_pfor_grain).
  virtual llvm::Value *loopGrain(llvm::IRBuilder<> &B, llvm::Value *Count,
                                 llvm::Value *Grain,
                                 llvm::FunctionCallee DefaultGrain) const;

  // Every spawn and sync marker of M (the parallel loops' drivers and chunks have theirs
  // by now) becomes this target's program. False if M had none (nothing changed).
  virtual bool lowerMarkers(llvm::Module &M) = 0;

  // ---- late (sprig-fix-frames, at the end of the optimisation pipeline) ----

  // Are calls of __sprig_reducer_view expanded inline (late/ReducerViews.h)? The
  // expansion reads the runtime's views with an x86-64 ELF thread-local sequence.
  virtual bool expandsReducerViews(const llvm::Module &M) const;

  // What this target does once the optimiser is done. Optimize: not -O0.
  virtual llvm::PreservedAnalyses
  finishModule(llvm::Module &M, llvm::ModuleAnalysisManager &MAM, bool Optimize) = 0;
  // In an optimising default pipeline, right after finishModule's pass: a clean-up of
  // what finishModule left (nothing by default).
  virtual llvm::PreservedAnalyses cleanUp(llvm::Module &M,
                                          llvm::ModuleAnalysisManager &MAM);
};

// x86-64 with ELF objects: where `preserve_none` continuations, the preserve_most deque
// slow paths and the inline thread-local sequences of sprig/abi.h are available.
bool isX86_64ELF(const llvm::Module &M);

}  // namespace sprig
