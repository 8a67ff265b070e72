// fork() while another application thread is inside a computation: the child process
// gets a fresh runtime (pthread_atfork) and its own spawning calls finish.
// Not under TSan: it forks a multi-threaded process whose child then starts threads,
// which TSan refuses ("starting new threads after multi-threaded fork is not supported").
// UNSUPPORTED: tsan
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: env SPRIG_NWORKERS=1 %t.par | FileCheck %s
// RUN: env SPRIG_NWORKERS=2 %t.par | FileCheck %s
// RUN: env SPRIG_NWORKERS=4 %t.par | FileCheck %s
// RUN: env SPRIG_NWORKERS=8 %t.par | FileCheck %s
// CHECK: children ok=10 hung=0 other=0 nworkers_match=10
#include <atomic>
#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <sprig/sprig.h>
#include "../exec/Inputs/pfib.h"
int main() {
  std::atomic<bool> stop{false};
  std::thread t([&] {
    while (!stop)
      pfib(20);
  });
  usleep(20000);
  int ok = 0, hung = 0, other = 0, match = 0;
  for (int i = 0; i < 10; ++i) {
    int parent_n = sprig::nworkers();
    pid_t p = fork();
    if (p == 0) {
      alarm(5);
      bool good = pfib(18) == 2584 && pfib(15) == 610;
      _exit(good ? (sprig::nworkers() == parent_n ? 0 : 2) : 1);
    }
    int st;
    waitpid(p, &st, 0);
    if (WIFEXITED(st) && WEXITSTATUS(st) != 1)
      ok++, match += WEXITSTATUS(st) == 0;
    else if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM)
      hung++;
    else
      other++;
  }
  stop = true;
  t.join();
  std::printf("children ok=%d hung=%d other=%d nworkers_match=%d\n", ok, hung, other, match);
}
