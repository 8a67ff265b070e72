// sprig::set_nworkers(n) sets the pool's size from the program, over SPRIG_NWORKERS,
// before the first spawn starts the pool; after that, or with n outside 1..1024, it
// returns false and nothing changes. The computation then really runs on n workers (the
// worker ids seen are below n; at n = 3 on this machine's cores, more than one appears
// when the children are long enough to be stolen). With a plain compiler the header's
// stand-in accepts any n in range and the program is the serial elision.
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: env SPRIG_NWORKERS=1 %t.par | FileCheck %s --check-prefix=PAR
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: %t.serial | FileCheck %s --check-prefix=SER
// PAR: bad=0 bad2=0 set=1 nworkers=3 ids_ok=1 sum=9227465 late=0 nworkers_after=3
// SER: bad=0 bad2=0 set=1 nworkers=1 ids_ok=1 sum=9227465 late=1 nworkers_after=1
#include <atomic>
#include <cstdio>
#include <sprig/sprig.h>
static std::atomic<bool> ids_ok{true};
long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);
  y = fib(n - 2);
  [[sprig::sync]];
  int id = sprig::worker_id();
  if (id < 0 || id >= sprig::nworkers())
    ids_ok = false;
  return x + y;
}
int main() {
  bool bad = sprig::set_nworkers(0), bad2 = sprig::set_nworkers(1025);
  bool set = sprig::set_nworkers(3);
  int nw = sprig::nworkers();
  long s = fib(35);
  bool late = sprig::set_nworkers(5);  // the pool exists now
  std::printf("bad=%d bad2=%d set=%d nworkers=%d ids_ok=%d sum=%ld late=%d nworkers_after=%d\n",
              bad, bad2, set, nw, (int)ids_ok, s, late, sprig::nworkers());
}
