// heat: explicit time steps of the heat equation on a 2-D grid, each step a cilk_for
// over the rows (grainsize from a pragma); an OpenCilk reducer variable counts the hot
// cells of the last step. Checks against the same steps computed serially.
#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

void zero(void *v) { *static_cast<long *>(v) = 0; }
void plus(void *l, void *r) { *static_cast<long *>(l) += *static_cast<long *>(r); }

const int N = 96, STEPS = 60;

// One row of one step: v = u + 0.2 * (the discrete Laplacian of u).
void row(const std::vector<double> &u, std::vector<double> &v, int i) {
  for (int j = 1; j < N - 1; ++j)
    v[i * N + j] = u[i * N + j] + 0.2 * (u[(i - 1) * N + j] + u[(i + 1) * N + j] +
                                         u[i * N + j - 1] + u[i * N + j + 1] -
                                         4 * u[i * N + j]);
}

void step_parallel(const std::vector<double> &u, std::vector<double> &v) {
#pragma cilk grainsize 4
  cilk_for (int i = 1; i < N - 1; ++i)
    row(u, v, i);
}

void step_serial(const std::vector<double> &u, std::vector<double> &v) {
  for (int i = 1; i < N - 1; ++i)
    row(u, v, i);
}

void init(std::vector<double> &u) {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      u[i * N + j] = (i == 0 || (i > N / 3 && i < N / 2 && j > N / 3 && j < N / 2)) ? 100.0 : 0.0;
}

int main() {
  std::vector<double> u(N * N), v(N * N), s(N * N), t(N * N);
  init(u);
  v = u;
  init(s);
  t = s;
  for (int k = 0; k < STEPS; ++k) {
    step_parallel(u, v);
    u.swap(v);
    step_serial(s, t);
    s.swap(t);
  }
  long cilk_reducer(zero, plus) hot = 0;
  cilk_for (int i = 0; i < N * N; ++i)
    if (u[i] > 10.0)
      hot += 1;
  long hot_serial = 0;
  for (int i = 0; i < N * N; ++i)
    hot_serial += s[i] > 10.0;
  bool ok = u == s && hot == hot_serial;
  std::printf("heat %dx%d, %d steps: %ld hot cells %s\n", N, N, STEPS, hot, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
