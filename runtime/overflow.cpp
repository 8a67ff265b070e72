//===- runtime/overflow.cpp - a fiber's guard page hit is a clear error ---===//
//
// Each thread that runs Sprig work gets an alternate signal stack, and the process a
// SIGSEGV handler (installed once). A fault inside a fiber's guard pages prints
//   sprig: stack overflow on worker N (fiber stacks are X bytes); raise SPRIG_STACKSIZE
// and exits with status 134. Any other fault goes to the previous handler, or to the
// default action.
//===----------------------------------------------------------------------===//
#include "global.h"
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unistd.h>

namespace sprig {

static struct sigaction previous;
static std::once_flag installed;
static thread_local bool has_altstack = false;

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

static void on_segv(int sig, siginfo_t *info, void *uctx) {
  std::size_t bytes = 0;
  if (info && fiber_guard_hit(info->si_addr, &bytes)) {
    sprig_worker *w = __sprig_tls_worker;
    write_str("sprig: stack overflow on worker ");
    write_num(w ? static_cast<unsigned long long>(as_worker(w)->id) : 0);
    write_str(" (fiber stacks are ");
    write_num(bytes);
    write_str(" bytes); raise SPRIG_STACKSIZE, e.g. SPRIG_STACKSIZE=");
    write_num((bytes >> 20) * 4 ? (bytes >> 20) * 4 : 4);
    write_str("M\n");
    _exit(134);
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
  if (!has_altstack) {
    stack_t cur;
    if (sigaltstack(nullptr, &cur) == 0 && (cur.ss_flags & SS_DISABLE)) {
      std::size_t size = 64 * 1024;
      stack_t ss;
      ss.ss_sp = std::malloc(size);  // lives as long as the thread; never freed
      ss.ss_size = size;
      ss.ss_flags = 0;
      if (ss.ss_sp)
        sigaltstack(&ss, nullptr);
    }
    has_altstack = true;
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
