// With as many roots bound as the pool has workers, a new root runs its computation
// serially on its thread's private worker (Global::bound_roots; docs/design.md, "Roots").
// Three threads enter a spawning function one after the other and stay inside it until
// all three are in: at P=2 the first two bind root slots (a worker id >= 0) and the third
// runs on a private worker (id -1); at P=4 all three bind. Every result still matches the
// serial elision.
// RUN: %sprigxx -O2 %s -o %t
// RUN: env SPRIG_NWORKERS=2 %t | FileCheck %s --check-prefix=P2
// RUN: env SPRIG_NWORKERS=4 %t | FileCheck %s --check-prefix=P4
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: %t.serial | FileCheck %s --check-prefix=SER
// P2: results 6765 10946 17711 bound 1 1 0
// P4: results 6765 10946 17711 bound 1 1 1
// SER: results 6765 10946 17711
#include <atomic>
#include <cstdio>
#include <sprig/sprig.h>
#include <thread>

static std::atomic<int> inside{0};
static std::atomic<bool> release{false};
static int ids[3];

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

long hold(int k) {
  long a;
  [[sprig::spawn]] a = fib(20 + k);
  ids[k] = sprig::worker_id();  // the computation's worker, once it has spawned
  inside++;
  while (!release.load())
    std::this_thread::yield();
  [[sprig::sync]];
  return a;
}

int main() {
  long r[3];
  std::thread t[3];
  for (int k = 0; k < 3; ++k) {
    t[k] = std::thread([k, &r] { r[k] = hold(k); });
    while (inside.load() < k + 1)  // the next root enters only once this one is in
      std::this_thread::yield();
  }
  release = true;
  for (auto &x : t)
    x.join();
  std::printf("results %ld %ld %ld", r[0], r[1], r[2]);
#ifdef __SPRIG__
  std::printf(" bound %d %d %d", ids[0] >= 0, ids[1] >= 0, ids[2] >= 0);
#endif
  std::printf("\n");
}
