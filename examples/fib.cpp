// fib: the smallest fork-join program. Each call spawns fib(n-1), computes fib(n-2)
// itself, and syncs before adding. With no cutoff, almost all the work is spawn
// overhead: this shows how cheap a spawn is and how the work spreads over the workers.
// Build: sprig++ -O2 fib.cpp -o fib;  run: SPRIG_NWORKERS=2 ./fib 36
#include <chrono>
#include <cstdio>
#include <cstdlib>

long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  [[sprig::spawn]] x = fib(n - 1);  // the child may run in parallel with what follows
  y = fib(n - 2);
  [[sprig::sync]];  // wait for every child spawned by this call
  return x + y;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 30;
  auto t0 = std::chrono::steady_clock::now();
  long r = fib(n);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("fib(%d) = %ld\n", n, r);
  std::fprintf(stderr, "time: %.3f s\n", s);
  return 0;
}
