// Lazy start: a program linked with libsprig that never enters a spawning function runs
// on its own thread only. The runtime's constructor reads the environment but starts no
// worker thread; the pool is created at the first spawn.
// (The program calls __sprig_current_worker(), so libsprig is really loaded; it checks
// /proc/self/maps for it too.)
//
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: env SPRIG_NWORKERS=4 %t | FileCheck %s
// RUN: %t | FileCheck %s
// CHECK: libsprig loaded: yes
// CHECK: bound worker: none
// CHECK: Threads: 1
#include "sprig/abi.h"
#include <cstdio>
#include <cstring>

static bool libsprig_mapped() {
  FILE *f = std::fopen("/proc/self/maps", "r");
  char line[512];
  bool found = false;
  while (f && std::fgets(line, sizeof line, f))
    found |= std::strstr(line, "libsprig") != nullptr;
  if (f)
    std::fclose(f);
  return found;
}

#include "Inputs/proc-threads.h"

int main() {
  std::printf("libsprig loaded: %s\n", libsprig_mapped() ? "yes" : "no");
  std::printf("bound worker: %s\n", __sprig_current_worker() ? "SOME" : "none");
  std::printf("Threads: %d\n", threads());
  return 0;
}
