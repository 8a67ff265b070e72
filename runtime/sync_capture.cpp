//===- runtime/sync_capture.cpp - a sync's suspension as a resumable call ---===//
//
// __sprig_sync_capture(sf): what generated code calls at a sync of a stolen frame on
// x86-64 (return-address continuations, docs/design.md "Continuations"). The plugin
// calls it `preserve_none`, so at its return address nothing but %rbp (the frame
// pointer of the spawning function) and %rsp is live: the return address *is* the
// continuation. It records it in sf->ctx, as __builtin_setjmp would, and tail-jumps to
// __sprig_sync_suspend, which never returns here; the frame's resumer later jumps to the
// recorded context (stack_switch.h, resume_at_sync), which looks to the caller like the
// call returning.
//
//   ctx[SPRIG_CTX_FP] = %rbp            the caller's frame pointer (preserve_none keeps it)
//   ctx[SPRIG_CTX_PC] = (%rsp)          the return address
//   ctx[SPRIG_CTX_SP] = %rsp + 8        the caller's stack pointer after the return
//
// `preserve_none` passes the first argument in %r12. A plain-C caller cannot use it
// (it would pass sf in %rdi and expect its callee-saved registers kept): hand-lowered
// code uses SPRIG_SYNC (setjmp) instead.
//===----------------------------------------------------------------------===//
#include "sprig/abi.h"

#if defined(__x86_64__) && defined(__ELF__)

static_assert(offsetof(sprig_frame, ctx) == 8, "ctx at offset 8: the offsets below");
static_assert(SPRIG_CTX_FP == 0 && SPRIG_CTX_PC == 1 && SPRIG_CTX_SP == 2,
              "the offsets in the assembly below");

// clang-format off
__asm__(
    "  .text\n"
    "  .globl __sprig_sync_capture\n"
    "  .type __sprig_sync_capture,@function\n"
    "  .p2align 4\n"
    "__sprig_sync_capture:\n"
    "  .cfi_startproc\n"
    "  endbr64\n"                     /* called through the GOT: a valid indirect-branch target */
    "  movq %rbp, 8(%r12)\n"          /* ctx[SPRIG_CTX_FP] */
    "  movq (%rsp), %rax\n"
    "  movq %rax, 16(%r12)\n"         /* ctx[SPRIG_CTX_PC] */
    "  leaq 8(%rsp), %rax\n"
    "  movq %rax, 24(%r12)\n"         /* ctx[SPRIG_CTX_SP] */
    "  movq %r12, %rdi\n"
    "  jmp __sprig_sync_suspend@PLT\n" /* noreturn; %rsp as at our entry, as a call's */
    "  .cfi_endproc\n"
    "  .size __sprig_sync_capture, .-__sprig_sync_capture\n");
// clang-format on

#endif
