//===- runtime/spread.h - a woken worker leaves its waker's CPU ------------===//
#pragma once

namespace sprig {

// The waker records its CPU; returns it (-1: unknown).
int note_waker_cpu();
// A woken (or newly started) worker on its waker's CPU moves to another one.
void spread_after_wake();

}  // namespace sprig
