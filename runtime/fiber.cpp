//===- runtime/fiber.cpp - mmap'd stacks, guard pages, pools --------------===//
#include "fiber.h"
#include "assertions.h"
#include "config.h"
#include "global.h"
#include "sanitizer.h"
#include "trace.h"
#include "worker.h"
#include <atomic>
#include <cstdint>
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

#if SPRIG_ASSERTIONS
// Assertion build: the pool's ledger. Every fiber ever mapped is free (in a worker's
// pool or the global one) or in use (handed out by fiber_try_get, not yet given back),
// never both, never given back twice: at each change, under a lock of its own, the
// fiber's state is checked and free + in use == created. A free fiber's top
// kPoisonBytes are filled with SPRIG_POISON_FILL when it goes back to a pool, and
// checked when it is handed out again: a write to a stack nobody runs on (a stale
// continuation, a frame used after its stack was freed) fails there. (Not under ASan or
// TSan, which check the stacks' memory themselves and annotate their switches.)
struct Ledger {
  std::mutex lock;
  uint64_t created = 0, in_use = 0, free = 0;
} ledger;
void ledger_move(Fiber *f, unsigned char from, unsigned char to, bool mapped) {
  std::lock_guard<std::mutex> l(ledger.lock);
  SPRIG_ASSERT(!f->native, "a thread's own stack is never in the pool");
  SPRIG_ASSERT(f->dbg_state == from, to == kFiberFree
                                         ? "a fiber is given back once (no double free)"
                                         : "only a free fiber is handed out");
  f->dbg_state = to;
  if (mapped)
    ledger.created++;
  else
    (from == kFiberFree ? ledger.free : ledger.in_use)--;
  (to == kFiberFree ? ledger.free : ledger.in_use)++;
  SPRIG_ASSERT(ledger.free + ledger.in_use == ledger.created,
               "the pool's fibers: free + in use == created");
}

#if !SPRIG_SAN_FIBERS
constexpr std::size_t kPoisonBytes = 8192;
std::size_t poison_bytes(const Fiber *f) {
  std::size_t n = static_cast<std::size_t>(f->hi - f->lo);
  return n < kPoisonBytes ? n : kPoisonBytes;
}
#endif

void poison_fiber(Fiber *f) {
#if !SPRIG_SAN_FIBERS
  std::memset(f->hi - poison_bytes(f), SPRIG_POISON_FILL, poison_bytes(f));
#else
  (void)f;
#endif
}

void check_poison(const Fiber *f) {
#if !SPRIG_SAN_FIBERS
  const unsigned char *p = reinterpret_cast<const unsigned char *>(f->hi - poison_bytes(f));
  for (std::size_t i = 0; i < poison_bytes(f); ++i)
    SPRIG_ASSERT(p[i] == SPRIG_POISON_FILL,
                 "nothing writes to a free fiber (its poison is intact when handed out)");
#else
  (void)f;
#endif
}
#endif
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
#if SPRIG_ASSERTIONS
  ledger_move(&n->fiber, 0, kFiberFree, true);  // free until fiber_try_get hands it out
  poison_fiber(&n->fiber);
#endif
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
  assert_owner(w, "only a worker's own thread takes from its fiber pool");
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

// fork() (runtime/fork.cpp): the pool's locks are held across it, so that the child,
// whose only thread is the forking one, inherits none held by a thread that is gone (its
// first root computation would wait on it forever: the assertion build's ledger did, in
// roots/fork-while-computing.cpp) nor a change half made under one. Taken after the
// runtime's start lock; nothing takes one of these and then another.
void fiber_fork_prepare() {
  reg.lock.lock();
#if SPRIG_ASSERTIONS
  ledger.lock.lock();
#endif
}
void fiber_fork_release() {
#if SPRIG_ASSERTIONS
  ledger.lock.unlock();
#endif
  reg.lock.unlock();
}

Fiber *fiber_try_get(Worker *w) {
  Fiber *f = take_fiber(w);
  if (!f)
    return nullptr;
#if SPRIG_ASSERTIONS
  check_poison(f);
  ledger_move(f, kFiberFree, kFiberInUse, false);
#endif
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
  assert_owner(w, "only a worker's own thread gives fibers back to its pool");
#if SPRIG_ASSERTIONS
  ledger_move(f, kFiberInUse, kFiberFree, false);
  poison_fiber(f);  // before any other worker can take it (the global pool's lock)
#endif
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
