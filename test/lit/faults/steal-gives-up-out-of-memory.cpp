// Children exhaust the heap (RLIMIT_AS, set after a warm-up has mapped and pooled the
// fibers) and let std::bad_alloc escape; the parent catches it at the sync, as the
// serial elision does. What a steal needs comes before the steal: without it the thief
// leaves the work to its owner. Before, every steal allocated a reducer view map after
// taking the frame, so at P=2 the program died with "sprig: out of memory for reducer
// views" instead (5 runs of 5), though it uses no reducer. -DREDUCER: a reducer exists
// (its module's constructor turns the runtime's tracking on), so each steal reserves its
// map and piece first, and gives up when it cannot.
// Not in the sanitizer jobs: RLIMIT_AS leaves no room for the sanitizers' own
// reservations (TSan: "internal allocator is out of memory", in the serial elision too).
// UNSUPPORTED: tsan, asan
// RUN: %sprigxx -O2 %s -o %t
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %t.serial 8 200 | FileCheck %s
// RUN: bash -c 'for i in 1 2 3 4 5; do SPRIG_NWORKERS=2 %t 8 200; done' | FileCheck %s --check-prefix=FIVE
// RUN: %sprigxx -O2 -DREDUCER -I%sprig_inc %s -o %t.red
// RUN: %clangxx -O2 -Wno-unknown-attributes -DREDUCER -I%sprig_inc %s -o %t.red.serial
// RUN: %t.red.serial 8 200 | FileCheck %s --check-prefixes=RED,CHECK
// RUN: bash -c 'for i in 1 2 3 4 5; do SPRIG_NWORKERS=2 %t.red 8 200 | tail -1; done' | FileCheck %s --check-prefix=FIVE
// (P=2 is the case reported; at P=8 with 200 MiB, glibc itself can fail first: a worker
// that ran no warm-up work registers a thread_local destructor, and glibc aborts.)
// RED: sum 16
// CHECK: caught bad_alloc (warm-up 283376)
// FIVE-COUNT-5: caught bad_alloc (warm-up 283376)
// FIVE-NOT: {{.}}
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <new>
#include <sys/resource.h>
#include <vector>
#ifdef REDUCER
#include <sprig/reducer.h>
sprig::reducer<sprig::op_add<long>> sum;
#endif
static std::mutex m;
static std::vector<void *> *hoard;
__attribute__((noinline)) void eat() {
  for (;;) {
    void *p = ::operator new(64);
    std::lock_guard<std::mutex> l(m);
    hoard->push_back(p);
  }
}
long tree(int lo, int hi) {
  if (hi - lo == 1) {
    eat();
    return 0;
  }
  int mid = (lo + hi) / 2;
  long a, b;
  [[sprig::spawn]] a = tree(lo, mid);
  b = tree(mid, hi);
  [[sprig::sync]];
  return a + b;
}
long pfib(int n) {
  if (n < 2)
    return n;
  long a, b;
  [[sprig::spawn]] a = pfib(n - 1);
  b = pfib(n - 2);
  [[sprig::sync]];
#ifdef REDUCER
  if (n == 22)
    *sum += 1;  // views made (and merged) during the warm-up's steals
#endif
  return a + b;
}
int main(int argc, char **argv) {
  long w = 0;
  for (int i = 0; i < 16; ++i)
    w += pfib(22);  // map and pool some fibers
#ifdef REDUCER
  std::printf("sum %ld\n", sum.get_value());
#endif
  hoard = new std::vector<void *>;
  hoard->reserve(1 << 22);
  rlimit rl{(rlim_t)std::atol(argv[2]) << 20, RLIM_INFINITY};
  setrlimit(RLIMIT_AS, &rl);
  try {
    tree(0, std::atoi(argv[1]));
    std::printf("no exception\n");
  } catch (const std::bad_alloc &) {
    for (void *p : *hoard)
      ::operator delete(p);
    std::printf("caught bad_alloc (warm-up %ld)\n", w);
  }
}
