//===- plugin/RuntimeABI.h - everything the lowering knows of the runtime --===//
//
// The only part of the plugin that knows sprig/abi.h: the frame's size and layout, the
// flag bits, the runtime's entry points, the inline fast paths linked from abi.bc, how a
// continuation is captured (the setjmp sequence of SPRIG_CTX_*), the sync's wait and
// the personality function. OutlineSpawn, SpawnEH and the driver build IR only through
// it.
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include <cstdint>

namespace sprig {

struct SpawnFrame;

class RuntimeABI {
public:
  static const uint64_t FrameSize;  // sizeof(sprig_frame)
  static const uint64_t CtxOffset;  // offsetof(sprig_frame, ctx)
  static const uint32_t FlagStolen, FlagException;

  explicit RuntimeABI(llvm::Module &M);

  // Declare the entry points and link the fast paths' bodies from abi.bc (next to the
  // plugin); false (after a diagnostic) if the bitcode cannot be read or linked.
  bool link();

  // Inline fast paths (abi.bc, always inlined) and runtime slow paths.
  llvm::FunctionCallee Enter, Bind, Detach, LeaveHelper, LeaveFrame;  // fast paths
  llvm::FunctionCallee CountSpawn;  // only under -sprig-count-spawns
  llvm::FunctionCallee SyncSuspend, Rethrow, ChildThrew, LeaveHelperExc, InFlight;
  // __sprig_sync_capture: the sync's suspension as a `preserve_none` call whose return
  // is the resume point (return-address continuations only).
  llvm::FunctionCallee SyncCapture;

  // How continuations are captured (docs/design.md, "Continuations"). On x86-64 ELF, a
  // continuation is the return address of a `preserve_none` call (a spawn's helper, the
  // sync's capture): nothing but the frame and stack pointers is live across such a
  // call, so its return address resumes with no register state, and the call returns
  // once per executor (no setjmp, no returns_twice). Elsewhere, __builtin_setjmp.
  bool ReturnAddressContinuations = false;
  // At most this many helper parameters for a return-address spawn: the registers
  // `preserve_none` passes arguments in on x86-64 (r12-r15, rdi, rsi, rdx, rcx, r8, r9,
  // r11, rax). With stack arguments the caller would pop them after the call, moving a
  // thief's stack pointer; a helper with more takes the setjmp path.
  static constexpr unsigned MaxReturnAddressParams = 12;

  // The continuation's resume point: the setjmp sequence of sprig/abi.h's SPRIG_CTX_*
  // layout into SF's ctx. Returns the i32 that is 0 on the first return.
  llvm::Value *emitSetjmp(llvm::IRBuilder<> &B, llvm::Value *SF);
  // Return-address continuations: the frame's FP and SP words, stored once per frame
  // invocation (at its first spawn; a thief or a resumed sync rewrites the SP word
  // itself when it moves the frame's continuation to another stack).
  void emitFrameContext(llvm::IRBuilder<> &B, llvm::Value *SF);
  // In a `preserve_none` helper, before the detach: its return address, the parent's
  // resume point, into the parent's PC word.
  void emitRecordResumePC(llvm::IRBuilder<> &B, llvm::Value *ParentSF, unsigned Word);
  void emitSetFlags(llvm::IRBuilder<> &B, llvm::Value *SF, uint32_t Bits);
  // The dynamic alloca that forces frame-pointer addressing (never executed).
  void emitForceFrame(llvm::IRBuilder<> &B);
  // The wait of a sync in place of Term; returns the block to fill when a child's
  // exception is pending (null if !CheckException). See RuntimeABI.cpp.
  llvm::BasicBlock *emitSyncWait(SpawnFrame &Fr, llvm::Instruction *Term,
                                 llvm::BasicBlock *Cont, const llvm::DebugLoc &DL,
                                 llvm::StringRef Prefix, bool CheckException);
  // The C++ personality (Itanium ABI), for functions that get landing pads.
  llvm::Constant *personality();
  // The heap arena behind alloca/VLAs (runtime/alloca.cpp).
  llvm::FunctionCallee allocaFn();
  llvm::FunctionCallee allocaReleaseFn();

private:
  void addLinkHint();  // see RuntimeABI.cpp
  void addAbiCheck();  // see RuntimeABI.cpp
  void useLocalExecTLS();  // see RuntimeABI.cpp
  llvm::Module &M;
  llvm::LLVMContext &C;
  llvm::Type *PtrTy, *I8, *I32, *I64, *VoidTy;
};

}  // namespace sprig
