//===- runtime/fiber.cpp - mmap'd stacks, guard pages, pools --------------===//
#include "fiber.h"
#include "global.h"
#include "trace.h"
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <pthread.h>
#include <sys/mman.h>

namespace sprig {

namespace {
// Every fiber ever mapped, for the stack-overflow handler. Fibers are never unmapped
// (pools recycle them), so a lock-free push-only list is safe to walk from a signal
// handler.
struct Registry {
  std::mutex lock;       // global pool
  Fiber *free = nullptr; // global pool list (via Fiber::next)
} reg;
// Registry link, separate from the pool link.
struct Node {
  Fiber fiber;
  Node *all_next;
};
std::atomic<Node *> all_nodes{nullptr};
// In use / peak: a relaxed counter is enough (statistics), the peak kept by CAS-max.
std::atomic<uint64_t> in_use{0}, peak_in_use{0};
}  // namespace

uint64_t fibers_in_use() { return in_use.load(std::memory_order_relaxed); }
uint64_t peak_fibers_in_use() { return peak_in_use.load(std::memory_order_relaxed); }

void *Fiber::start_sp() const {
  auto top = reinterpret_cast<std::uintptr_t>(hi) - config::kFiberTopReserve;
  return reinterpret_cast<void *>(top & ~std::uintptr_t(15));
}

static Fiber *map_fiber(Worker *w) {
  std::size_t page = g.page_bytes;
  std::size_t stack = (g.settings.stack_bytes + page - 1) & ~(page - 1);
  std::size_t guard = config::kGuardPages * page;
  std::size_t bytes = stack + guard;
  void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (m == MAP_FAILED) {
    std::fprintf(stderr, "sprig: cannot map a %zu-byte fiber stack (out of memory?); "
                         "lower SPRIG_STACKSIZE\n", stack);
    std::abort();
  }
  if (mprotect(m, guard, PROT_NONE) != 0) {
    std::fprintf(stderr, "sprig: cannot protect a fiber guard page\n");
    std::abort();
  }
  Node *n = new Node{};
  n->fiber.map = static_cast<char *>(m);
  n->fiber.map_bytes = bytes;
  n->fiber.lo = static_cast<char *>(m) + guard;
  n->fiber.hi = static_cast<char *>(m) + bytes;
  // Push onto the all-fibers list (release: the handler reads a complete node).
  Node *head = all_nodes.load(std::memory_order_relaxed);
  do
    n->all_next = head;
  while (!all_nodes.compare_exchange_weak(head, n, std::memory_order_release,
                                          std::memory_order_relaxed));
  if (w)
    w->stats.fibers_allocated.inc();
  SPRIG_TRACE(kTraceFiber, "worker %d maps fiber %p (%zu bytes)", w ? w->id : -1,
              (void *)n->fiber.lo, stack);
  return &n->fiber;
}

Fiber *fiber_get(Worker *w) {
  Fiber *f = w->pool;
  if (f) {
    w->pool = f->next;
    w->pool_size--;
  } else {
    {
      std::lock_guard<std::mutex> l(reg.lock);
      f = reg.free;
      if (f)
        reg.free = f->next;
    }
    if (!f)
      f = map_fiber(w);
  }
  f->next = nullptr;
  uint64_t now = in_use.fetch_add(1, std::memory_order_relaxed) + 1;
  uint64_t peak = peak_in_use.load(std::memory_order_relaxed);
  while (now > peak &&
         !peak_in_use.compare_exchange_weak(peak, now, std::memory_order_relaxed))
    ;
  return f;
}

void fiber_put(Worker *w, Fiber *f) {
  if (f->native)
    return;
  in_use.fetch_sub(1, std::memory_order_relaxed);
  if (w->pool_size < config::kLocalFiberPool) {
    f->next = w->pool;
    w->pool = f;
    w->pool_size++;
    return;
  }
  std::lock_guard<std::mutex> l(reg.lock);
  f->next = reg.free;
  reg.free = f;
}

bool fiber_guard_hit(const void *addr, std::size_t *stack_bytes) {
  auto a = static_cast<const char *>(addr);
  for (Node *n = all_nodes.load(std::memory_order_acquire); n; n = n->all_next) {
    if (a >= n->fiber.map && a < n->fiber.lo) {
      *stack_bytes = static_cast<std::size_t>(n->fiber.hi - n->fiber.lo);
      return true;
    }
  }
  return false;
}

void fiber_init_native(Fiber *f) {
  pthread_attr_t attr;
  void *lo = nullptr;
  std::size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstack(&attr, &lo, &size);
    pthread_attr_destroy(&attr);
  }
  f->lo = static_cast<char *>(lo);
  f->hi = static_cast<char *>(lo) + size;
  f->map = nullptr;
  f->native = true;
}

}  // namespace sprig
