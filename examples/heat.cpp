// heat: explicit 2D heat diffusion, a parallel loop over the rows at every time step.
// Each step reads the old grid and writes the new one, so the iterations (rows) never
// race; the loop's implicit sync ends the step before the grids swap. Shows
// [[sprig::parallel_for]] with the default grain, and [[sprig::grainsize]] on a second,
// coarser loop (a reduction into per-block partial sums, added up serially after it).
// Build: sprig++ -O2 heat.cpp -o heat;  run: ./heat [n, grid side] [steps]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

// One step of u' = u + k * laplacian(u) on the interior of an n x n grid (edges held at
// their values).
static void row(const double *in, double *out, long n, long i) {
  const double k = 0.2;
  for (long j = 1; j < n - 1; ++j) {
    long c = i * n + j;
    out[c] = in[c] + k * (in[c - n] + in[c + n] + in[c - 1] + in[c + 1] - 4 * in[c]);
  }
}

static void steps(std::vector<double> &a, std::vector<double> &b, long n, int count,
                  bool parallel) {
  for (int s = 0; s < count; ++s) {
    const double *in = a.data();
    double *out = b.data();
    if (parallel) {
      [[sprig::parallel_for]] for (long i = 1; i < n - 1; ++i)
        row(in, out, n, i);
    } else {
      for (long i = 1; i < n - 1; ++i)
        row(in, out, n, i);
    }
    a.swap(b);
  }
}

// The total heat, by blocks of 64 rows (a parallel loop with an explicit grain: each
// iteration writes its own partial sum).
static double total(const std::vector<double> &u, long n) {
  long blocks = (n + 63) / 64;
  std::vector<double> part(blocks);
  [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (long b = 0; b < blocks; ++b) {
    double s = 0;
    for (long i = b * 64; i < n && i < (b + 1) * 64; ++i)
      for (long j = 0; j < n; ++j)
        s += u[i * n + j];
    part[b] = s;
  }
  double t = 0;
  for (double p : part)
    t += p;
  return t;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 1024;
  int count = argc > 2 ? std::atoi(argv[2]) : 200;
  if (n < 3 || count < 1) {
    std::fprintf(stderr, "heat: need n >= 3 and steps >= 1\n");
    return 2;
  }
  std::vector<double> a(n * n, 0.0), b, sa, sb;
  for (long i = n / 4; i < 3 * n / 4; ++i)  // a hot square in the middle
    for (long j = n / 4; j < 3 * n / 4; ++j)
      a[i * n + j] = 100.0;
  b = a;
  sa = a;
  sb = a;

  auto t0 = std::chrono::steady_clock::now();
  steps(a, b, n, count, true);
  double heat = total(a, n);
  double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // Self-check: the same steps run serially give the same grid, bit for bit (each cell
  // is computed by the same expression from the same inputs, in any order of rows).
  steps(sa, sb, n, count, false);
  for (long c = 0; c < n * n; ++c)
    if (a[c] != sa[c]) {
      std::printf("heat: WRONG: cell %ld is %.17g, the serial steps give %.17g\n", c, a[c],
                  sa[c]);
      return 1;
    }
  std::printf("heat %ld x %ld, %d steps: total heat %.6e, grid matches the serial steps\n",
              n, n, count, heat);
  std::fprintf(stderr, "time: %.3f s\n", secs);
  return 0;
}
