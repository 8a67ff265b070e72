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
  llvm::FunctionCallee Enter, Detach, LeaveHelper, LeaveFrame;  // fast paths
  llvm::FunctionCallee SyncSuspend, Rethrow, ChildThrew, LeaveHelperExc, InFlight;

  // The continuation's resume point: the setjmp sequence of sprig/abi.h's SPRIG_CTX_*
  // layout into SF's ctx. Returns the i32 that is 0 on the first return.
  llvm::Value *emitSetjmp(llvm::IRBuilder<> &B, llvm::Value *SF);
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
  llvm::Module &M;
  llvm::LLVMContext &C;
  llvm::Type *PtrTy, *I8, *I32, *I64, *VoidTy;
};

}  // namespace sprig
