//===- runtime/overflow.cpp - a stack overflow is a clear error -----------===//
//
// Each thread that runs Sprig work gets an alternate signal stack (freed again when the
// thread exits), and the process a SIGSEGV handler (installed once). A fault that is a
// stack overflow of the stack the faulting thread runs on prints
//   sprig: stack overflow on worker N (fiber stacks are X bytes); raise SPRIG_STACKSIZE...
// or, on a thread's own stack (the main thread's, or an application thread's),
//   sprig: stack overflow on worker N (its thread's own stack, X bytes); raise ...
// and exits with status 134. Any other fault goes to the previous handler, or to the
// default action.
//
// What counts as an overflow (the fault address is si_addr, the stack pointer the one
// of the interrupted context):
//  - an address in a fiber's guard region (any thread; fiber_guard_hit);
//  - on a bound worker running on a fiber: an address within kOverflowWindowBytes below
//    the fiber, or a stack pointer below it (a frame larger than the guard, in code
//    built without stack probes: the write that faults is past the guard);
//  - on a bound worker running on its thread's own stack: the same, relative to the
//    stack's lowest byte (for the main thread, the kernel faults the access below the
//    RLIMIT_STACK-sized region, in the 1 MiB gap it keeps below a growing stack).
// Frames larger than a page in code built by sprig++ probe every page
// (-fstack-clash-protection), so they fault in the guard and never skip over it.
//===----------------------------------------------------------------------===//
#include "overflow.h"
#include "config.h"
#include "fiber.h"
#include "sprig/abi.h"
#include "worker.h"
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <ucontext.h>
#include <unistd.h>

namespace sprig {

static struct sigaction previous;
static std::once_flag installed;

namespace {
// This thread's alternate signal stack, if the runtime installed it: disabled and freed
// when the thread exits (a thread_local destructor), so that threads that enter a
// spawning function once and exit leave nothing behind.
struct AltStack {
  void *mem = nullptr;
  bool done = false;  // looked at (installed ours, or found one already there)
  ~AltStack() {
    if (!mem)
      return;
    stack_t cur;
    // Only if it is still ours and we are not running on it.
    if (sigaltstack(nullptr, &cur) == 0 && cur.ss_sp == mem &&
        !(cur.ss_flags & SS_ONSTACK)) {
      stack_t off;
      std::memset(&off, 0, sizeof off);
      off.ss_flags = SS_DISABLE;
      if (sigaltstack(&off, nullptr) == 0)
        std::free(mem);
    }
    mem = nullptr;
  }
};
thread_local AltStack altstack;
}  // namespace

static void write_str(const char *s) { (void)!write(2, s, std::strlen(s)); }

static void write_num(unsigned long long v) {
  char buf[24];
  int i = sizeof buf;
  buf[--i] = 0;
  do
    buf[--i] = static_cast<char>('0' + v % 10);
  while ((v /= 10) && i > 0);
  write_str(buf + i);
}

// "sprig: stack overflow on worker N (<what> X bytes); <fix>", then exit 134.
static void report_head(const char *what, std::size_t bytes) {
  sprig_worker *w = __sprig_tls_worker;
  write_str("sprig: stack overflow on worker ");
  write_num(w ? static_cast<unsigned long long>(as_worker(w)->id) : 0);
  write_str(what);
  write_num(bytes);
}

[[noreturn]] static void report_fiber_overflow(std::size_t bytes) {
  report_head(" (fiber stacks are ", bytes);
  write_str(" bytes); raise SPRIG_STACKSIZE, e.g. SPRIG_STACKSIZE=");
  write_num((bytes >> 20) * 4 ? (bytes >> 20) * 4 : 4);
  write_str("M\n");
  _exit(134);
}

[[noreturn]] static void report_native_overflow(std::size_t bytes) {
  report_head(" (its thread's own stack, ", bytes);
  write_str(" bytes); raise that thread's stack size (ulimit -s for the main thread, "
            "pthread_attr_setstacksize for others)\n");
  _exit(134);
}

// Is the fault (address a, stack pointer sp) an overflow of the stack [lo, hi) below
// which `guard` bytes are reserved?
static bool overflows(const char *a, const char *sp, const char *lo, const char *hi,
                      std::size_t guard) {
  if (!lo || !hi)
    return false;
  auto A = reinterpret_cast<std::uintptr_t>(a), S = reinterpret_cast<std::uintptr_t>(sp),
       L = reinterpret_cast<std::uintptr_t>(lo);
  std::uintptr_t floor =
      L > config::kOverflowWindowBytes ? L - config::kOverflowWindowBytes : 0;
  if (A < L + guard && A >= floor)
    return true;
  return S && S < L && S >= floor;
}

static void on_segv(int sig, siginfo_t *info, void *uctx) {
  std::size_t bytes = 0;
  const char *addr = info ? static_cast<const char *>(info->si_addr) : nullptr;
  if (addr && fiber_guard_hit(addr, &bytes))
    report_fiber_overflow(bytes);
  const char *sp = nullptr;
#if defined(__x86_64__)
  if (uctx)
    sp = reinterpret_cast<const char *>(
        static_cast<ucontext_t *>(uctx)->uc_mcontext.gregs[REG_RSP]);
#elif defined(__aarch64__)
  if (uctx)
    sp = reinterpret_cast<const char *>(static_cast<ucontext_t *>(uctx)->uc_mcontext.sp);
#endif
  if (addr) {
    if (sprig_worker *aw = __sprig_tls_worker) {
      Fiber *cur = as_worker(aw)->cur;
      if (cur && !cur->native && overflows(addr, sp, cur->lo, cur->hi, 0))
        report_fiber_overflow(static_cast<std::size_t>(cur->hi - cur->lo));
      if (cur && cur->native) {
        const NativeStack *ns = native_stack_if_known();
        if (ns && overflows(addr, sp, ns->lo, ns->hi, ns->guard))
          report_native_overflow(static_cast<std::size_t>(ns->hi - ns->lo));
      }
    }
  }
  if (previous.sa_flags & SA_SIGINFO) {
    if (previous.sa_sigaction) {
      previous.sa_sigaction(sig, info, uctx);
      return;
    }
  } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
    return;
  }
  // Default action: re-raise with the default disposition.
  signal(SIGSEGV, SIG_DFL);
  raise(SIGSEGV);
}

void install_overflow_handler_for_thread() {
  AltStack &as = altstack;
  if (!as.done) {
    stack_t cur;
    if (sigaltstack(nullptr, &cur) == 0 && (cur.ss_flags & SS_DISABLE)) {
      std::size_t size = 64 * 1024;
      stack_t ss;
      ss.ss_sp = std::malloc(size);  // freed by ~AltStack at thread exit
      ss.ss_size = size;
      ss.ss_flags = 0;
      if (ss.ss_sp) {
        if (sigaltstack(&ss, nullptr) == 0)
          as.mem = ss.ss_sp;
        else
          std::free(ss.ss_sp);
      }
    }
    as.done = true;
  }
  std::call_once(installed, [] {
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &previous);
  });
}

}  // namespace sprig
