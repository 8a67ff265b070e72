//===- plugin/lower/SetjmpTarget.cpp - continuations captured by setjmp ----===//
//
// The parallel program where return-address continuations are not available (anything
// but x86-64 ELF): every continuation is captured by __builtin_setjmp's sequence on the
// frame's ctx (RuntimeABI::emitSetjmp), which a thief or a resumed sync longjmps to.
// A spawn calls its helper only on setjmp's first return; a sync that must wait
// suspends in __sprig_sync_suspend after its own setjmp. The frame stores nothing more
// at its first spawn, and helpers keep the C convention.
//===----------------------------------------------------------------------===//
#include "ParallelTarget.h"

using namespace llvm;

namespace sprig {
namespace {

class SetjmpTarget final : public ParallelTarget {
public:
  StringRef name() const override { return "setjmp"; }
  StringRef enterFrameFn() const override { return "__sprig_bc_enter_frame"; }
  Capture captureFor(unsigned) const override { return Capture::Setjmp; }
  IRBuilderBase::InsertPoint emitCapture(IRBuilder<> &B, RuntimeABI &ABI, SpawnFrame &Fr,
                                         BasicBlock *Exit, Capture) override {
    return emitSetjmpCapture(B, ABI, Fr, Exit);
  }
  StringRef syncSuspendSuffix() const override { return ".setjmp"; }
  void emitSyncSuspend(IRBuilder<> &B, RuntimeABI &ABI, SpawnFrame &Fr, BasicBlock *Resume,
                       BasicBlock *Cont, StringRef Prefix) override {
    emitSetjmpSuspend(B, ABI, Fr, Resume, Cont, Prefix);
  }
};

}  // namespace

std::unique_ptr<LoweringTarget> createSetjmpTarget() {
  return std::make_unique<SetjmpTarget>();
}

}  // namespace sprig
