// Test cases for sprig::exact_sum (exact-sum-reference.test): for each case, the terms
// from a generator that Inputs/exact_reference.py repeats, and the rounded sums' bits.
// Prints one line per case: "<kind> <case> d <double bits> f <float bits>".
#include <sprig/exact_sum.h>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static double from_bits(uint64_t u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}
static float fbits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// The doubles of case c of kind k (the generator of exact_reference.py).
static std::vector<double> terms(int kind, uint64_t c) {
  std::vector<double> t;
  uint64_t s = mix64(c * 7 + static_cast<uint64_t>(kind) * 1000003);
  int n = 1 + static_cast<int>(s % 64);
  for (int i = 0; i < n; ++i) {
    uint64_t h = mix64(s + static_cast<uint64_t>(i) + 1);
    switch (kind) {
    case 0: {  // any finite double: every exponent, subnormals included
      uint64_t u = h & ~(uint64_t(0x7ff) << 52);
      u |= ((h >> 20) % 0x7ff) << 52;
      t.push_back(from_bits(u));
      break;
    }
    case 1: {  // a narrow band of exponents: carries, cancellation, ties
      uint64_t u = (h & ((uint64_t(1) << 52) - 1)) | ((1023 + (h >> 60) % 4) << 52);
      if (h & (uint64_t(1) << 59))
        u |= uint64_t(1) << 63;
      t.push_back(from_bits(u));
      t.push_back(-from_bits(u) * ((h >> 58) & 1 ? 1.0 : 0.5));
      break;
    }
    case 2: {  // near the top of the range: overflow of the exact sum
      uint64_t u = (h & ((uint64_t(1) << 52) - 1)) | (uint64_t(2046 - (h >> 61) % 2) << 52);
      if (h & (uint64_t(1) << 58))
        u |= uint64_t(1) << 63;
      t.push_back(from_bits(u));
      break;
    }
    case 3: {  // one large term and halves of its last place, and a tiny sticky term
      if (i == 0)
        t.push_back(1.0 + static_cast<double>(h >> 12) * 0x1.0p-52);
      else if (i % 3 == 0)
        t.push_back(std::ldexp(1.0, -1074 + static_cast<int>(h % 8)));
      else
        t.push_back((h & 1) ? 0x1.0p-53 : -0x1.0p-53);
      break;
    }
    case 4: {  // floats: any finite float pattern, as doubles
      uint32_t u = static_cast<uint32_t>(h) & ~(uint32_t(0xff) << 23);
      u |= static_cast<uint32_t>((h >> 40) % 0xff) << 23;
      t.push_back(static_cast<double>(fbits(u)));
      break;
    }
    }
  }
  return t;
}

int main(int argc, char **argv) {
  int cases = argc > 1 ? std::atoi(argv[1]) : 200;
  for (int kind = 0; kind <= 4; ++kind)
    for (int c = 0; c < cases; ++c) {
      sprig::exact_sum<double> d;
      sprig::exact_sum<float> f;
      for (double x : terms(kind, static_cast<uint64_t>(c))) {
        d += x;
        if (kind == 4)
          f += static_cast<float>(x);
      }
      double dv = d.value();
      float fv = f.value();
      uint64_t db;
      uint32_t fb;
      std::memcpy(&db, &dv, 8);
      std::memcpy(&fb, &fv, 4);
      std::printf("%d %d d %016" PRIx64 " f %08" PRIx32 "\n", kind, c, db, fb);
    }
  return 0;
}
