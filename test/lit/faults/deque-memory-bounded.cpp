// Chunks (each run by whichever worker steals it) spawn many tiny children one at a time:
// each pop of a deque's last entry advances its indices. The owner of an emptied deque
// moves them back to the start of its ring (sprig_deque_rebase), so a worker touches only
// the first pages of its ring. Before: every worker walked its whole 8 MiB ring (130 MB
// resident at P=16 against 2.9 MB at P=1).
// Not in the sanitizer jobs: a bound on the resident set, which the sanitizers' shadow
// memory and allocators grow by more than the bound itself (TSan: 20.9 MB at P=1).
// UNSUPPORTED: tsan, asan
// RUN: %sprigxx -O2 %s -o %t
// RUN: env SPRIG_NWORKERS=1 %t 32 100000 | FileCheck %s
// RUN: env SPRIG_NWORKERS=16 %t 32 100000 | FileCheck %s
// CHECK: sum=3200000 (expect 3200000)
// CHECK: peak resident set under 16 MiB: yes
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
static std::atomic<long> sum{0};
__attribute__((noinline)) void leaf(long) { sum.fetch_add(1, std::memory_order_relaxed); }
void chunk(long n) {
  for (long i = 0; i < n; ++i) {
    [[sprig::spawn]] leaf(i);
  }
}
void all(int c, long n) {
  for (int k = 0; k < c; ++k) {
    [[sprig::spawn]] chunk(n);
  }
}
int main(int argc, char **argv) {
  int c = std::atoi(argv[1]);
  long n = std::atol(argv[2]);
  all(c, n);
  std::printf("sum=%ld (expect %ld)\n", sum.load(), c * n);
  FILE *f = std::fopen("/proc/self/status", "r");
  char line[256];
  long hwm = -1;
  while (std::fgets(line, sizeof line, f))
    if (!std::strncmp(line, "VmHWM:", 6))
      hwm = std::atol(line + 6);
  std::printf("peak resident set under 16 MiB: %s (%ld kB)\n", hwm < 16384 ? "yes" : "no", hwm);
}
