//===- runtime/root.h - application threads as root workers ----------------===//
//
// What runtime/root.cpp exports to the rest of the runtime: the serial gate and the
// private serial workers. Binding and unbinding a root slot are the entry points
// __sprig_enter_root and __sprig_leave_root (sprig/abi/entry.h).
//===----------------------------------------------------------------------===//
#pragma once

namespace sprig {

struct Worker;

// The calling thread's private worker (nobody steals from it).
Worker *serial_worker();
// Recompute __sprig_serial_gate (sprig/abi/entry.h) after bound_roots, serial_roots or
// the pool's size changed.
void refresh_serial_gate();
// Is the calling thread inside a serial root computation (fork.cpp)?
bool thread_in_serial_root();

}  // namespace sprig
