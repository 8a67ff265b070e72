//===- runtime/sleep.h - idle workers sleep, and wake when work appears ----===//
//
// What runtime/sleep.cpp exports: the futex call, and the sleep and wake-ups of idle
// workers (Worker::sleep_word and its states kAwake.., worker.h).
//===----------------------------------------------------------------------===//
#pragma once
#include <atomic>
#include <cstdint>
#include <ctime>

namespace sprig {

struct Worker;

// The futex system call on a 32-bit word.
long futex(std::atomic<uint32_t> *addr, int op, uint32_t val, const timespec *ts);
// Wake one sleeping worker (a push found sleepers; runtime/deque.cpp).
void wake_one();
// Sleep until woken or a timeout; true if woken (work may have appeared).
// `naps`: the sleeps in a row that timed out before this one (the timeout backs off).
bool sleep_idle(Worker *w, unsigned naps);
// A worker woken away from its waker's CPU gets its CPUs back, once idle again.
void restore_cpus_after_aimed_wake(Worker *w);
// Wake every sleeping worker (a root frame handed back to its thread).
void wake_all();

}  // namespace sprig
