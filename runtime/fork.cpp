//===- runtime/fork.cpp - fork(): the child process gets a fresh runtime ---===//
//
// After fork() only the calling thread exists in the child: the pool workers and every
// other root thread are gone, and any lock they held stays held. pthread_atfork makes it
// safe:
//  - prepare (parent, before fork): take the runtime's start lock, so the child never
//    inherits it mid-start;
//  - parent (after fork): release it;
//  - child: if the forking thread runs no Sprig computation (the usual case: fork, then
//    exec or work of its own), forget every worker: the next spawning function the child
//    calls starts a new pool of SPRIG_NWORKERS workers, lazily, as at process start.
//    If it forked from inside a computation, that computation continues on this thread
//    alone: what is still on its own deque runs serially; a continuation already stolen
//    by a worker that no longer exists cannot finish (POSIX already restricts such a
//    child to async-signal-safe functions until it execs).
//===----------------------------------------------------------------------===//
#include "fork.h"
#include "barrier.h"
#include "fiber.h"
#include "global.h"
#include "root.h"
#include "sprig/abi.h"
#include <new>
#include <pthread.h>

namespace sprig {

static void before_fork() {
  g.start_mutex.lock();
  fiber_fork_prepare();  // the fiber pool's locks, after the start lock
}
static void after_fork_parent() {
  fiber_fork_release();
  g.start_mutex.unlock();
}
static void after_fork_child() {
  fiber_fork_release();  // this very thread took them in before_fork
  // The mutex was locked by this very thread in before_fork: a fresh one is unlocked.
  new (&g.start_mutex) std::mutex();
  if (__sprig_tls_worker == nullptr)
    reset_after_fork();
}

void reset_after_fork() {
  // Leaked, not freed: the old workers' memory may still be referenced by fibers and
  // frames this process inherited, and it costs nothing until touched.
  g.workers = nullptr;
  g.slots = 0;
  g.nvictims.store(0, std::memory_order_relaxed);
  g.bound_roots.store(0, std::memory_order_relaxed);
  // The only thread of the child: if it forked from inside a serial root computation,
  // it will leave that one (and decrement) in this process.
  g.serial_roots.store(thread_in_serial_root() ? 1 : 0, std::memory_order_relaxed);
  refresh_serial_gate();
  __atomic_store_n(&__sprig_sleepers, 0, __ATOMIC_RELAXED);
  // Cancels of the threads that are gone ended with them (runtime/cancel.cpp): none is
  // active here (the forking thread runs no computation).
  __atomic_store_n(&__sprig_cancels_active, 0, __ATOMIC_RELAXED);
  init_process_barrier();  // membarrier registration belongs to the old address space
  g.started.store(false, std::memory_order_release);
  g.start_word.store(0, std::memory_order_relaxed);
}

void install_fork_handlers() {
  pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}

}  // namespace sprig
