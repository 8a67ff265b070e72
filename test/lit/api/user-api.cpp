// sprig/sprig.h: sprig::nworkers() reports SPRIG_NWORKERS; sprig::worker_id() is -1
// outside a spawning computation and a valid index once the function has spawned; with a plain compiler the
// header still compiles and describes one worker (the serial elision).
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: env SPRIG_NWORKERS=3 %t.par | FileCheck %s --check-prefix=PAR
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: %t.serial | FileCheck %s --check-prefix=SER
// PAR: nworkers=3 outside=-1 inside_ok=1 sum=832040
// SER: nworkers=1 outside=0 inside_ok=1 sum=832040
#include <sprig/sprig.h>
#include <cstdio>
static bool ok = true;
long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  int id = sprig::worker_id();  // after a spawn the thread is certainly a worker
  if (id < 0 || id >= sprig::nworkers())
    ok = false;
  return x + y;
}
int main() {
  int outside = sprig::worker_id();
  long s = fib(30);
  std::printf("nworkers=%d outside=%d inside_ok=%d sum=%ld\n", sprig::nworkers(), outside,
              ok, s);
}
