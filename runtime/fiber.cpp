//===- runtime/fiber.cpp - mmap'd stacks, guard pages, pools --------------===//
#include "fiber.h"
#include "global.h"
#include "trace.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <pthread.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sprig {

namespace {
// Every fiber ever mapped, for the stack-overflow handler. Fibers are never unmapped
// (pools recycle them), so a lock-free push-only list is safe to walk from a signal
// handler.
struct Registry {
  std::mutex lock;        // global pool
  Fiber *free = nullptr;  // global pool list (via Fiber::next)
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

// Guard region in bytes, whole pages.
static std::size_t guard_bytes() {
  std::size_t page = g.page_bytes;
  return (config::kGuardBytes + page - 1) & ~(page - 1);
}

// Map a new fiber, or return null if the OS has no memory (or address space) for it.
// The record is calloc'ed, not `new`ed: nothing here may throw (a program's operator new
// can throw on any thread, and this runs in the scheduler).
static Fiber *map_fiber(Worker *w) {
  std::size_t page = g.page_bytes;
  std::size_t stack = (g.settings.stack_bytes + page - 1) & ~(page - 1);
  std::size_t guard = guard_bytes();
  std::size_t bytes = stack + guard;
  void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (m == MAP_FAILED)
    return nullptr;
  if (mprotect(m, guard, PROT_NONE) != 0) {
    munmap(m, bytes);
    return nullptr;
  }
  Node *n = static_cast<Node *>(std::calloc(1, sizeof(Node)));
  if (!n) {
    munmap(m, bytes);
    return nullptr;
  }
  new (n) Node{};
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

// A fiber from the worker's pool, the global pool or the OS, without in-use accounting.
static Fiber *take_fiber(Worker *w) {
  Fiber *f = w->pool;
  if (f) {
    w->pool = f->next;
    w->pool_size--;
    return f;
  }
  {
    std::lock_guard<std::mutex> l(reg.lock);
    f = reg.free;
    if (f)
      reg.free = f->next;
  }
  return f ? f : map_fiber(w);
}

Fiber *fiber_try_get(Worker *w) {
  Fiber *f = take_fiber(w);
  if (!f)
    return nullptr;
  f->next = nullptr;
  uint64_t now = in_use.fetch_add(1, std::memory_order_relaxed) + 1;
  uint64_t peak = peak_in_use.load(std::memory_order_relaxed);
  while (now > peak &&
         !peak_in_use.compare_exchange_weak(peak, now, std::memory_order_relaxed))
    ;
  return f;
}

Fiber *fiber_get(Worker *w) {
  if (Fiber *f = fiber_try_get(w))
    return f;
  std::size_t page = g.page_bytes;
  std::fprintf(stderr,
               "sprig: cannot map a %zu-byte fiber stack (out of memory or address space, "
               "e.g. ulimit -v); lower SPRIG_STACKSIZE or raise the limit\n",
               (g.settings.stack_bytes + page - 1) & ~(page - 1));
  std::abort();
}

bool fiber_reserve(Worker *w) {
  if (w->pool)
    return true;
  Fiber *f = take_fiber(w);
  if (!f)
    return false;
  f->next = nullptr;
  w->pool = f;
  w->pool_size = 1;
  return true;
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

// ---- native stacks ----

namespace {
// This thread's stack bounds, looked up once (initial-exec TLS: the overflow handler
// reads it, and it must not allocate there).
__attribute__((tls_model("initial-exec"))) thread_local NativeStack tl_native;
}  // namespace

// The glibc symbol: the stack pointer at process start, on the main thread's stack.
extern "C" void *__libc_stack_end;

bool native_stack_without_proc(NativeStack *out) {
  std::size_t page = g.page_bytes;
  // The kernel puts the executable's file name (AT_EXECFN) at the very top of the main
  // thread's stack, followed by one null pointer; the stack's mapping ends at the next
  // page boundary. __libc_stack_end (the SP at start) is a lower bound of the top.
  auto top = reinterpret_cast<std::uintptr_t>(__libc_stack_end);
  if (auto fn = reinterpret_cast<const char *>(getauxval(AT_EXECFN))) {
    auto end = reinterpret_cast<std::uintptr_t>(fn) + std::strlen(fn) + 1 + sizeof(void *);
    if (end > top)
      top = end;
  }
  if (!top)
    return false;
  top = (top + page - 1) & ~std::uintptr_t(page - 1);
  std::size_t size = config::kUnlimitedMainStackBytes;
  rlimit rl;
  if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    size = static_cast<std::size_t>(rl.rlim_cur) & ~(page - 1);
  if (size > top - page)
    size = top - page;
  out->hi = reinterpret_cast<char *>(top);
  out->lo = reinterpret_cast<char *>(top - size);
  out->guard = 0;
  out->from_proc = false;
  out->valid = true;
  return true;
}

static bool is_main_thread() { return syscall(SYS_gettid) == getpid(); }

static void lookup_native_stack(NativeStack *ns) {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void *lo = nullptr;
    std::size_t size = 0, guard = 0;
    int rc = pthread_attr_getstack(&attr, &lo, &size);
    pthread_attr_getguardsize(&attr, &guard);
    pthread_attr_destroy(&attr);
    if (rc == 0 && lo && size) {
      ns->lo = static_cast<char *>(lo);
      ns->hi = static_cast<char *>(lo) + size;
      ns->guard = is_main_thread() ? 0 : guard;
      ns->from_proc = true;
      ns->valid = true;
      return;
    }
  }
  // pthread_getattr_np reads /proc/self/maps for the main thread: it fails without
  // /proc or without a free file descriptor. Other threads never get here in practice.
  if (is_main_thread() && native_stack_without_proc(ns))
    return;
  std::fprintf(stderr, "sprig: cannot find the bounds of this thread's stack "
                       "(pthread_getattr_np failed); is /proc mounted?\n");
  std::abort();
}

const NativeStack &native_stack_of_this_thread() {
  NativeStack &ns = tl_native;
  if (__builtin_expect(!ns.valid, 0))
    lookup_native_stack(&ns);
  return ns;
}

const NativeStack *native_stack_if_known() {
  return tl_native.valid ? &tl_native : nullptr;
}

void fiber_init_native(Fiber *f) {
  const NativeStack &ns = native_stack_of_this_thread();
  f->lo = ns.lo;
  f->hi = ns.hi;
  f->map = nullptr;
  f->native = true;
  // A spawning function entered on a stack that is not the thread's own (a makecontext
  // or coroutine stack, a signal handler on an alternate stack): frames there would not
  // be recognised as living on this stack. Say so instead of crashing later.
  if (__builtin_expect(!f->contains(__builtin_frame_address(0)), 0)) {
    std::fprintf(stderr,
                 "sprig: a spawning function was entered on a stack that is not the "
                 "thread's own (stack [%p, %p), frame at %p): a user-level context or an "
                 "alternate signal stack? Call it from the thread's own stack\n",
                 (void *)ns.lo, (void *)ns.hi, __builtin_frame_address(0));
    std::abort();
  }
}

}  // namespace sprig
