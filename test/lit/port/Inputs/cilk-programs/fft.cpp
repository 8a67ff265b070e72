// fft: a recursive radix-2 fast Fourier transform (decimation in time): the transforms of
// the even and the odd elements spawned, the butterflies in a cilk_for. Checks against
// the O(n^2) discrete Fourier transform.
#include <cilk/cilk.h>
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

typedef std::complex<double> cplx;

// out[0..n) = the DFT of in[0], in[s], in[2s], ... (n a power of two).
void fft(const cplx *in, cplx *out, int n, int s) {
  if (n == 1) {
    out[0] = in[0];
    return;
  }
  int h = n / 2;
  cilk_spawn fft(in, out, h, 2 * s);
  fft(in + s, out + h, h, 2 * s);
  cilk_sync;
  const double pi = std::acos(-1.0);
  cilk_for (int k = 0; k < h; ++k) {
    cplx t = std::polar(1.0, -2 * pi * k / n) * out[k + h];
    cplx e = out[k];
    out[k] = e + t;
    out[k + h] = e - t;
  }
}

int main() {
  const int n = 1024;
  std::vector<cplx> x(n), y(n);
  for (int i = 0; i < n; ++i)
    x[i] = cplx(std::sin(0.1 * i) + (i % 7), std::cos(0.03 * i));
  fft(x.data(), y.data(), n, 1);
  const double pi = std::acos(-1.0);
  double maxerr = 0, energy = 0;
  for (int k = 0; k < n; ++k) {
    cplx d = 0;
    for (int j = 0; j < n; ++j)
      d += x[j] * std::polar(1.0, -2 * pi * double((long(j) * k) % n) / n);
    maxerr = std::fmax(maxerr, std::abs(d - y[k]));
    energy += std::norm(y[k]);
  }
  bool ok = maxerr < 1e-6 * n;
  std::printf("fft n=%d energy/n %.3f %s\n", n, energy / n, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
