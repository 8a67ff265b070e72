//===- plugin/lower/ParallelTarget.cpp - the parallel program and its continuations ===//
#include "ParallelTarget.h"
#include "LowerSpawns.h"
#include "LoweringContext.h"
#include "RuntimeABI.h"
#include "late/LatePasses.h"

using namespace llvm;

namespace sprig {

bool ParallelTarget::lowerMarkers(Module &M) { return lowerSpawns(M, *this); }

PreservedAnalyses ParallelTarget::finishModule(Module &M, ModuleAnalysisManager &MAM,
                                               bool Optimize) {
  return runLatePasses(M, MAM, Optimize);
}

IRBuilderBase::InsertPoint ParallelTarget::emitSetjmpCapture(IRBuilder<> &PBld,
                                                             RuntimeABI &ABI,
                                                             SpawnFrame &Fr,
                                                             BasicBlock *Exit) {
  LLVMContext &C = Fr.F.getContext();
  SPRIG_ASSERT(PBld.GetInsertBlock()->getParent() == &Fr.F && Exit->getParent() == &Fr.F,
               "a spawn's continuation is captured in its own frame's function");
  Value *Resumed = ABI.emitSetjmp(PBld, Fr.SF);
  BasicBlock *CallBB = BasicBlock::Create(C, "spawn.call", &Fr.F, Exit);
  PBld.CreateCondBr(PBld.CreateICmpEQ(Resumed, PBld.getInt32(0)), CallBB,
                    Fr.resumedEdge(Exit, "spawn.resumed"));
  return IRBuilderBase::InsertPoint(CallBB, CallBB->end());
}

void ParallelTarget::emitSetjmpSuspend(IRBuilder<> &B, RuntimeABI &ABI, SpawnFrame &Fr,
                                       BasicBlock *Exc, BasicBlock *Cont,
                                       StringRef Prefix) {
  LLVMContext &C = Fr.F.getContext();
  Value *R = ABI.emitSetjmp(B, Fr.SF);
  BasicBlock *Susp = BasicBlock::Create(C, Prefix + ".suspend", &Fr.F, Cont);
  B.CreateCondBr(B.CreateICmpEQ(R, B.getInt32(0)), Susp,
                 Fr.resumedEdge(Exc, Prefix + ".resumed"));
  B.SetInsertPoint(Susp);
  B.CreateCall(ABI.SyncSuspend, {Fr.SF})->setDoesNotReturn();
  B.CreateUnreachable();
}

}  // namespace sprig
