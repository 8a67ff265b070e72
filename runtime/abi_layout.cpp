//===- runtime/abi_layout.cpp - the runtime's side of the ABI layout, checked ===//
//
// Compile-time checks only (no code). sprig/abi.h checks the layout it defines (every
// offset and size of sprig_frame and sprig_worker_abi, the context words SPRIG_CTX_*),
// in every compiler that reads it; this file checks, once, that the runtime's own types
// and constants agree with it: each fact that generated code or the inline fast paths
// rely on and that a comment elsewhere states.
//===----------------------------------------------------------------------===//
#include "config.h"
#include "sprig/abi.h"
#include "view_map.h"
#include "worker.h"
#include <cstddef>
#include <exception>
#include <type_traits>

namespace sprig {

// ---- Worker starts with sprig_worker_abi (worker.h: "must stay first") ----
// Generated code gets a sprig_worker* from __sprig_tls_worker and casts it to
// sprig_worker_abi* (sprig_deque_push/pop, sprig_detach): valid only if the runtime's
// Worker is standard-layout with `abi` at offset 0 (a pointer to a standard-layout
// object is interconvertible with a pointer to its first member).
static_assert(
    std::is_standard_layout_v<Worker>,
    "Worker must be standard-layout: generated code casts it to sprig_worker_abi");
static_assert(offsetof(Worker, abi) == 0, "Worker::abi must stay first (worker.h)");
static_assert(alignof(Worker) >= alignof(sprig_worker_abi),
              "a Worker is aligned as its sprig_worker_abi (top on its own line)");

// ---- a view map's lookup cache (view_map.h), read inline by generated code ----
// plugin/Reducers.cpp expands a view call into loads of the map's first two words:
// the last key looked up at offset 0, its view at offset 8.
static_assert(std::is_standard_layout_v<ViewMap>, "ViewMap is read by generated code");
static_assert(offsetof(ViewMap, last_key) == 0, "ViewMap::last_key at offset 0");
static_assert(offsetof(ViewMap, last_view) == sizeof(void *),
              "ViewMap::last_view right after last_key");

// ---- contexts ----
// The scheduler loop's __builtin_setjmp buffer is a context like a frame's: san_jump and
// the stack switches (stack_switch.h) read its stack pointer at SPRIG_CTX_SP.
static_assert(sizeof(Worker::sched_ctx) == sizeof(sprig_frame::ctx),
              "Worker::sched_ctx has the layout of sprig_frame::ctx (SPRIG_CTX_WORDS)");

// ---- frame fields the runtime reuses ----
// The kept exception is a std::exception_ptr living in sprig_frame::exceptions itself
// (exception.cpp: no allocation between a child's throw and the sync).
static_assert(sizeof(std::exception_ptr) == sizeof(void *),
              "the kept exception lives in sprig_frame::exceptions");
static_assert(alignof(std::exception_ptr) <= alignof(void *),
              "sprig_frame::exceptions is aligned for a std::exception_ptr");
// `join` is updated with __atomic builtins by the runtime (8-byte, lock-free).
static_assert(__atomic_always_lock_free(sizeof(int64_t), 0), "join is a lock-free word");

// ---- constants the runtime keeps a copy of ----
static_assert(config::kDequeRebaseSlots == SPRIG_DEQUE_REBASE_SLOTS,
              "config::kDequeRebaseSlots is the inline code's SPRIG_DEQUE_REBASE_SLOTS");

}  // namespace sprig
