//===- plugin/lower/RuntimeABI.h - everything the lowering knows of the runtime ===//
//
// The only part of the plugin that knows sprig/abi.h: the frame's size and layout, the
// flag bits, the runtime's entry points, the inline fast paths linked from abi.bc, the
// sequences that capture a continuation (the setjmp sequence of SPRIG_CTX_*, the words a
// return-address continuation needs), the sync's wait and the personality function.
// OutlineSpawn, SpawnEH, the driver and the parallel targets build IR only through it;
// which sequences a module gets is its target's choice (ParallelTarget.h).
//===----------------------------------------------------------------------===//
#pragma once
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include <cstdint>

namespace sprig {

class ParallelTarget;
struct SpawnFrame;

class RuntimeABI {
public:
  static const uint64_t FrameSize;  // sizeof(sprig_frame)
  static const uint64_t CtxOffset;  // offsetof(sprig_frame, ctx)
  static const uint32_t FlagStolen, FlagException, FlagCancelled, FlagPedigree;
  // SPRIG_FRAME_PC_IN_CTX (the resume point is in ctx, not on the stack) and
  // SPRIG_FRAME_CHECK_PC (the tests' check of the two).
  static const uint32_t FlagPCInCtx, FlagCheckPC;
  static const unsigned CtxPC, CtxSSP;  // words of ctx: SPRIG_CTX_PC, SPRIG_CTX_SSP

  RuntimeABI(llvm::Module &M, ParallelTarget &Target);

  // Declare the entry points and link the fast paths' bodies from abi.bc (next to the
  // plugin); false (after a diagnostic) if the bitcode cannot be read or linked.
  bool link();
  // After link(): every fast path the lowering calls has its body (to be inlined).
  bool fastPathsLinked() const;

  // Inline fast paths (abi.bc, always inlined) and runtime slow paths.
  llvm::FunctionCallee Enter, Bind, Detach, LeaveHelper, LeaveFrame;  // fast paths
  llvm::FunctionCallee CountSpawn;  // only under -sprig-count-spawns
  llvm::FunctionCallee SyncSuspend, Rethrow, ChildThrew, LeaveHelperExc, InFlight;
  // sprig::cancel() in a spawning function, and the end of its cancel at the next sync
  // (runtime/cancel.cpp).
  llvm::FunctionCallee Cancel, CancelEnd;
  // Scopes (only in a module with spawns in [[sprig::scope]] blocks): the helper's
  // leave of an in-scope child (fast path), its exception path, the scope's exit.
  llvm::FunctionCallee LeaveHelperScoped, LeaveHelperExcScoped, ScopeSuspend;
  // sprig_scope's layout (sprig/abi/frame.h), and the frame's `steals`.
  static const unsigned ScopeSize, ScopeStolen, ScopeMark, FrameSteals;
  // The exit of a scope in place of Term (see RuntimeABI.cpp); returns the block to fill
  // when a child's exception is pending.
  llvm::BasicBlock *emitScopeWait(SpawnFrame &Fr, llvm::Value *Scope,
                                  llvm::Instruction *Term, llvm::BasicBlock *Cont,
                                  const llvm::DebugLoc &DL);
  // Around an in-scope spawn, in the parent: before its helper call, and first thing
  // after it (on the owner's path and on a thief's).
  void emitScopeBeforeSpawn(llvm::IRBuilder<> &B, llvm::Value *SF, llvm::Value *Scope);
  void emitScopeAfterSpawn(llvm::IRBuilder<> &B, llvm::Value *SF, llvm::Value *Scope);

  // The continuation's resume point: the setjmp sequence of sprig/abi.h's SPRIG_CTX_*
  // layout into SF's ctx. Returns the i32 that is 0 on the first return.
  llvm::Value *emitSetjmp(llvm::IRBuilder<> &B, llvm::Value *SF);
  // Return-address continuations: the frame's FP and SP words, stored once per frame
  // invocation (at its first spawn; a thief or a resumed sync rewrites the SP word
  // itself when it moves the frame's continuation to another stack).
  void emitFrameContext(llvm::IRBuilder<> &B, llvm::Value *SF);
  // In a `preserve_none` helper, before the detach: its return address, the parent's
  // resume point, into the parent's ctx word Word (CtxPC, or CtxSSP for the check).
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

  // x86-64 ELF, once abi.bc is linked (ReturnAddressTarget::afterLink): the deque's slow
  // paths called `preserve_most`, and the worker's thread-local read in the local-exec
  // form where the module ends up in an executable. See RuntimeABI.cpp.
  void usePreserveMostSlowPaths();
  void useLocalExecTLS();

private:
  void addLinkHint();  // see RuntimeABI.cpp
  void addAbiCheck();  // see RuntimeABI.cpp
  llvm::Module &M;
  ParallelTarget &Target;
  llvm::LLVMContext &C;
  llvm::Type *PtrTy, *I8, *I32, *I64, *VoidTy;
};

}  // namespace sprig
