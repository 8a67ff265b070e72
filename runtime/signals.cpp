//===- runtime/signals.cpp - spawning functions in signal handlers run serially ===//
//
// A signal can interrupt a thread anywhere: in the middle of a deque push, holding the
// runtime's start lock, or in its scheduler loop. A spawning function called by the
// handler must not touch any of that. So libsprig interposes sigaction() and signal():
// each handler the program installs (for any signal but the synchronous faults, SIGSEGV,
// SIGBUS, SIGILL, SIGFPE, which the runtime's overflow report owns) runs through a
// trampoline that, for the duration of the handler, makes the thread's worker a private
// one that no thief knows of: the handler's spawning functions run serially, on the
// interrupted stack, exactly as the serial elision runs them, and the interrupted
// computation is untouched. Async-signal-safe: the private workers come from a static
// pool claimed by CAS; a deque is mapped by mmap(2) on a worker's first use.
// Limits: handlers nested more than kSignalWorkers deep (across all threads) abort with
// a message; a handler that leaves by siglongjmp keeps its private worker. The sanitizer
// variants of libsprig (libsprig-asan/-tsan) do not interpose: the sanitizer runtimes
// intercept sigaction themselves (TSan runs handlers at its own safe points), and an
// instrumented interposer would run before the sanitizer is initialised.
//===----------------------------------------------------------------------===//
#include "sanitizer.h"
#if !SPRIG_SAN_FIBERS
#include "cancel.h"
#include "sprig/abi.h"
#include "worker.h"
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <new>
#include <sys/mman.h>
#include <unistd.h>

namespace sprig {
namespace {

constexpr int kSignalWorkers = 64;
constexpr std::size_t kSignalDequeDepth = 1u << 16;  // nesting inside one handler

struct SignalWorker {
  Worker w;
  std::atomic<bool> taken{false};
};
SignalWorker pool[kSignalWorkers];

using SigactionFn = int (*)(int, const struct sigaction *, struct sigaction *);
std::atomic<SigactionFn> real_sigaction_fn{nullptr};

SigactionFn real() {
  SigactionFn f = real_sigaction_fn.load(std::memory_order_acquire);
  if (!f) {
    f = reinterpret_cast<SigactionFn>(dlsym(RTLD_NEXT, "sigaction"));
    real_sigaction_fn.store(f, std::memory_order_release);
  }
  return f;
}

// The program's handlers, by signal (what sigaction() reports back as installed).
struct sigaction user[NSIG];
std::atomic<bool> wrapped[NSIG];

bool wrappable(int sig) {
  return sig > 0 && sig < NSIG && sig != SIGSEGV && sig != SIGBUS && sig != SIGILL &&
         sig != SIGFPE && sig != SIGKILL && sig != SIGSTOP;
}

bool is_handler(const struct sigaction *a) {
  if (a->sa_flags & SA_SIGINFO)
    return a->sa_sigaction != nullptr;
  return a->sa_handler != SIG_DFL && a->sa_handler != SIG_IGN;
}

void die(const char *msg) {
  (void)!write(2, msg, std::strlen(msg));
  _exit(134);
}

Worker *claim() {
  for (auto &s : pool) {
    bool expected = false;
    if (s.taken.compare_exchange_strong(expected, true, std::memory_order_acquire)) {
      if (!s.w.abi.buf) {
        std::size_t bytes = kSignalDequeDepth * sizeof(sprig_frame *);
        void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED)
          die("sprig: cannot map a deque for a signal handler's spawning function\n");
        s.w.abi.buf = static_cast<sprig_frame **>(m);
        s.w.abi.mask = kSignalDequeDepth - 1;
        s.w.abi.limit = s.w.abi.mask;
        s.w.id = -1;
        s.w.serial = true;
      }
      debug_set_owner(&s.w, true);   // this handler's, until release()
      segment_begin(&s.w, nullptr);  // the handler's computation is a root of its own
      return &s.w;
    }
  }
  die("sprig: more than 64 signal handlers run at once; spawning functions in signal "
      "handlers need a private worker each\n");
  return nullptr;
}

void release(Worker *w) {
  debug_set_owner(w, false);
  reinterpret_cast<SignalWorker *>(w)->taken.store(false, std::memory_order_release);
}

void trampoline(int sig, siginfo_t *info, void *uctx) {
  int saved_errno = errno;
  struct sigaction h = user[sig];  // (a copy: the program may change it meanwhile)
  errno = saved_errno;
  sprig_worker *prev = __sprig_tls_worker;
  // The interrupted strand's pedigree (sprig::dprand), as it is, maybe halfway through a
  // fork: the handler's own strand starts at a thread's root (its draws do not depend
  // on where it interrupted), and the interrupted one gets its state back untouched.
  const sprig_ped_state ped = __sprig_tls_ped;
  __sprig_tls_ped = sprig_ped_state{0, 0};
  Worker *w = claim();
  __sprig_tls_worker = as_abi(w);
  if (h.sa_flags & SA_SIGINFO)
    h.sa_sigaction(sig, info, uctx);
  else if (h.sa_handler != SIG_DFL && h.sa_handler != SIG_IGN)
    h.sa_handler(sig);
  __sprig_tls_worker = prev;
  __sprig_tls_ped = ped;
  release(w);
}

}  // namespace
}  // namespace sprig

using namespace sprig;

extern "C" int sigaction(int sig, const struct sigaction *act, struct sigaction *old) {
  SigactionFn f = real();
  if (!f) {
    errno = ENOSYS;
    return -1;
  }
  if (!wrappable(sig))
    return f(sig, act, old);
  struct sigaction prev_user = user[sig];
  bool was_wrapped = wrapped[sig].load(std::memory_order_relaxed);
  int rc;
  if (act && is_handler(act)) {
    struct sigaction mine = *act;
    mine.sa_flags |= SA_SIGINFO;
    mine.sa_sigaction = trampoline;
    user[sig] = *act;  // before the trampoline can run with it
    rc = f(sig, &mine, old);
    if (rc == 0)
      wrapped[sig].store(true, std::memory_order_relaxed);
    else
      user[sig] = prev_user;
  } else {
    rc = f(sig, act, old);
    if (rc == 0 && act)
      wrapped[sig].store(false, std::memory_order_relaxed);
  }
  if (rc == 0 && old && was_wrapped)
    *old = prev_user;  // report the program's handler, not the trampoline
  return rc;
}

extern "C" sighandler_t signal(int sig, sighandler_t handler) {
  // glibc's signal(): BSD semantics (restart, the signal blocked while it is handled).
  struct sigaction act, old;
  std::memset(&act, 0, sizeof act);
  act.sa_handler = handler;
  sigemptyset(&act.sa_mask);
  act.sa_flags = SA_RESTART;
  if (sigaction(sig, &act, &old) != 0)
    return SIG_ERR;
  return old.sa_handler;  // (shares its storage with sa_sigaction)
}

#endif  // !SPRIG_SAN_FIBERS
