// A signal handler calls a spawning function, on a thread inside a computation or not,
// at any instruction (a 200 us interval timer): it runs serially on a private worker
// (runtime/signals.cpp), never touching the interrupted computation. No hang, no wrong
// result.
// Not in the sanitizer jobs: libsprig-tsan and libsprig-asan do not interpose sigaction
// (runtime/signals.cpp), so there a handler's spawning function is not made serial on a
// private worker. Under TSan the SIGALRM handler ran at TSan's safe point inside
// start_workers, which holds the pool's start lock, and its pfib waited for that start:
// a hang (P=1, 1500 iterations).
// UNSUPPORTED: tsan, asan
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: env SPRIG_NWORKERS=1 %t.par 1500 | FileCheck %s
// RUN: env SPRIG_NWORKERS=2 %t.par 1500 | FileCheck %s
// RUN: env SPRIG_NWORKERS=4 %t.par 1500 | FileCheck %s
// RUN: env SPRIG_NWORKERS=8 %t.par 1500 | FileCheck %s
// CHECK: main bad=0 handled_some=1 handler_wrong=0 previous_reported=1
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <sys/time.h>
#include "../exec/Inputs/pfib.h"
static volatile long handled = 0, wrong = 0;
static void on_alarm(int) {
  long r = pfib(12);
  if (r != 144)
    wrong = wrong + 1;
  handled = handled + 1;
}
int main(int argc, char **argv) {
  int iters = argc > 1 ? std::atoi(argv[1]) : 2000;
  std::signal(SIGALRM, on_alarm);
  struct sigaction cur;
  sigaction(SIGALRM, nullptr, &cur);  // reports the program's handler, not a trampoline
  int previous_reported = cur.sa_handler == on_alarm;
  itimerval it{{0, 200}, {0, 200}};
  setitimer(ITIMER_REAL, &it, nullptr);
  long bad = 0;
  for (int i = 0; i < iters || handled == 0; ++i)
    if (pfib(18) != 2584)
      bad++;
  itimerval off{};
  setitimer(ITIMER_REAL, &off, nullptr);
  std::printf("main bad=%ld handled_some=%d handler_wrong=%ld previous_reported=%d\n", bad,
              handled > 0, (long)wrong, previous_reported);
}
