// A child throws after its detach on a thread where operator new now fails (a failing
// allocator linked into the program: the next operator new on that thread throws
// bad_alloc). The runtime keeps the child's exception for the sync without allocating,
// so the parent catches the child's 42 at the sync, exactly as the serial elision does.
// Before, the runtime's own operator new threw bad_alloc out of the child's landing pad,
// into a parent whose continuation ran elsewhere: hangs, crashes, wrong exceptions.
// Not in the sanitizer jobs: the program defines operator new and delete, which the TSan
// and ASan runtimes define too (a duplicate symbol at link time).
// UNSUPPORTED: tsan, asan
// RUN: %sprigxx -O2 %s -o %t
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %run_p %t.serial %t 60 | FileCheck %s
// CHECK: rounds=60 caught 42: 60, caught bad_alloc: 0, no exception: 0
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>
static thread_local bool fail_next = false;
void *operator new(std::size_t n) {
  if (fail_next) {
    fail_next = false;
    throw std::bad_alloc();
  }
  if (void *p = std::malloc(n))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
__attribute__((noinline)) long leaf(int i) {
  volatile long s = 0;
  for (int k = 0; k < 20000; ++k)
    s += k;
  if (i == 5) {
    fail_next = true;  // the allocator fails from now on, on this thread
    throw 42;
  }
  return 1;
}
long tree(int lo, int hi) {
  if (hi - lo == 1)
    return leaf(lo);
  int mid = (lo + hi) / 2;
  long a, b;
  [[sprig::spawn]] a = tree(lo, mid);
  b = tree(mid, hi);
  [[sprig::sync]];
  return a + b;
}
int main(int argc, char **argv) {
  int rounds = std::atoi(argv[1]);
  int ok42 = 0, okbad = 0, none = 0;
  for (int r = 0; r < rounds; ++r) {
    try {
      tree(0, 64);
      none++;
    } catch (int) {
      ok42++;
    } catch (const std::bad_alloc &) {
      okbad++;
    }
  }
  std::printf("rounds=%d caught 42: %d, caught bad_alloc: %d, no exception: %d\n", rounds,
              ok42, okbad, none);
}
