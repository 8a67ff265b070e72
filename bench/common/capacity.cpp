// bench/common/capacity.cpp - how much parallel throughput this machine gives right now.
// The same compute-bound spin loop (no memory traffic) runs on 1 thread, then on P
// threads at once, each doing the same amount: capacity = P * T(1) / T(P), the best
// speedup any program can reach at P here (P on an idle machine with P real cores; less
// with SMT siblings, a throttled VM, or other processes running). Prints
// `CAPACITY <x>`; bench.sh runs it before and after the suite and reports the median.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

static unsigned long sink[256];

static void spin(long n, int slot) {
  unsigned long x = static_cast<unsigned long>(slot) + 1;
  for (long i = 0; i < n; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;  // a dependent chain
    __asm__ volatile("" : "+r"(x));  // that the optimiser may not shorten
  }
  sink[slot * 16 % 256] = x;
}

static double run(int threads, long n) {
  auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> ts;
  for (int i = 0; i < threads; ++i)
    ts.emplace_back(spin, n, i);
  for (auto &t : ts)
    t.join();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int main(int argc, char **argv) {
  int p =
      argc > 1 ? std::atoi(argv[1]) : static_cast<int>(std::thread::hardware_concurrency());
  if (p < 1)
    p = 1;
  const long n = 150'000'000;
  double t1 = run(1, n);
  double tp = run(p, n);
  std::printf("CAPACITY %.3f\nT1 %.4f\nTP %.4f\nP %d\n", p * t1 / tp, t1, tp, p);
  return 0;
}
