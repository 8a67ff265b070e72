// With every file descriptor in use (or no /proc), a parallel computation on the main
// thread still runs: the runtime finds the main thread's stack without /proc (glibc's
// pthread_getattr_np opens /proc/self/maps for it, and failed silently: every run at
// P >= 2 crashed). The stack bounds are looked up once per thread and cached.
// RUN: %sprigxx -O2 %s -o %t
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// (In the ASan job: no leak check at exit, which needs a descriptor to read /proc.)
// RUN: bash -c 'ulimit -n 64; export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"; %run_p %t.serial %t' | FileCheck %s
// CHECK: 200 x pfib(20): bad=0
#include "../exec/Inputs/pfib.h"
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>
int main() {
  while (open("/dev/null", O_RDONLY) >= 0) {
  }
  long bad = 0;
  for (int i = 0; i < 200; ++i)
    if (pfib(20) != 6765)
      ++bad;
  std::printf("200 x pfib(20): bad=%ld\n", bad);
}
