//===- plugin/Target.cpp - what the IR passes make of the markers, chosen once ===//
#include "Target.h"
#include "lower/ParallelTarget.h"
#include "modes/Race.h"
#include "modes/Scale.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace sprig {

// The tools' switches. The frontend sets them (by name, in the process-wide option
// registry) for -fplugin-arg-sprig-scale / -fplugin-arg-sprig-race.
static cl::opt<bool> ScaleOpt("sprig-scale", cl::init(false), cl::Hidden,
                              cl::desc("Sprig: build the work/span profiler's serial, "
                                       "instrumented program (sprig++ --scale)"));
static cl::opt<bool> RaceOpt("sprig-race", cl::init(false), cl::Hidden,
                             cl::desc("Sprig: build the race detector's serial program "
                                      "(sprig++ --race)"));

// (sprig++ refuses --scale with --race; given both switches, the profiler's build wins.)
std::unique_ptr<LoweringTarget> LoweringTarget::select(const Module &M) {
  if (ScaleOpt)
    return createScaleTarget();
  if (RaceOpt)
    return createRaceTarget();
  if (isX86_64ELF(M))
    return createReturnAddressTarget();
  return createSetjmpTarget();
}

LoweringTarget::~LoweringTarget() = default;

Value *LoweringTarget::loopGrain(IRBuilder<> &PB, Value *Count, Value *GrainArg,
                                 FunctionCallee Grain) const {
  return PB.CreateSelect(PB.CreateICmpEQ(GrainArg, PB.getInt64(0)),
                         PB.CreateCall(Grain, {Count}), GrainArg, "pfor.grain");
}

bool LoweringTarget::expandsReducerViews(const Module &M) const { return isX86_64ELF(M); }

PreservedAnalyses LoweringTarget::cleanUp(Module &M, ModuleAnalysisManager &MAM) {
  return PreservedAnalyses::all();
}

bool isX86_64ELF(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.getArch() == Triple::x86_64 && T.isOSBinFormatELF();
}

}  // namespace sprig
