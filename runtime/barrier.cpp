//===- runtime/barrier.cpp - a full fence on every thread of the process --===//
//
// The heavy half of the asymmetric fence of the forced steal (sprig/deque.h,
// runtime/deque.cpp: a thief whose request for work went unanswered calls it between its
// store of the owner's pop bound and its load of bottom, pairing with SPRIG_OWNER_FENCE
// in the owner's pop):
// membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) runs a full memory barrier on every CPU
// currently running a thread of this process (Linux >= 4.14; the process registers once, at
// start). Where the kernel refuses, the fallback is the old trick of changing the
// protection of a page we own: the TLB shootdown interrupts every CPU that runs one of our
// threads, which serialises it. Both cost microseconds, paid only by thieves, i.e. only on
// forced steals (one per request left unanswered, never one per steal).
//===----------------------------------------------------------------------===//
#include "barrier.h"
#include "global.h"
#include "sprig/abi.h"
#include <cstdio>
#include <cstdlib>
#include <linux/membarrier.h>
#include <mutex>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sprig {

static bool use_membarrier = false;
static char *fallback_page = nullptr;
static std::mutex fallback_lock;

void init_process_barrier() {
  long q = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
  if (q > 0 && (q & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
      syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
    use_membarrier = true;
    return;
  }
  void *p = mmap(nullptr, g.page_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                 -1, 0);
  if (p == MAP_FAILED) {
    std::fprintf(stderr, "sprig: cannot set up the process barrier\n");
    std::abort();
  }
  fallback_page = static_cast<char *>(p);
}

}  // namespace sprig

// The forced steal's half of the asymmetric fence (runtime/deque.cpp).
extern "C" void __sprig_process_barrier(void) {
  using namespace sprig;
  if (use_membarrier) {
    syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
    return;
  }
  std::lock_guard<std::mutex> l(fallback_lock);
  // Touch the page so it is mapped, then downgrade it: the kernel must flush the TLB
  // entry on every CPU that may cache it, interrupting (and serialising) each of them.
  __atomic_store_n(fallback_page, 1, __ATOMIC_RELAXED);
  mprotect(fallback_page, g.page_bytes, PROT_READ);
  mprotect(fallback_page, g.page_bytes, PROT_READ | PROT_WRITE);
}
