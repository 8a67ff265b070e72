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

// Kind 5: about 25,000 terms, enough for the accumulator's words to wrap and carry
// (a word wraps after at least 2^12 updates), in one of five shapes by c % 5. Most put
// their terms at an exponent e with e % 32 = 31 (2^-52 of the term then goes to the
// next 32-bit chunk: 2^12 such updates wrap its word).
static uint64_t bits_of(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
static double many_term(uint64_t c, uint64_t h, int i, const std::vector<double> &t) {
  const uint64_t sig = h & ((uint64_t(1) << 52) - 1), neg = uint64_t(1) << 63;
  const uint64_t minus5in8 = (h >> 61) < 3 ? neg : 0;
  switch (c % 5) {
  case 0:  // the largest significand at 2^-32 or 2^0, all positive
    return from_bits(((uint64_t(1) << 52) - 1) | ((991 + 32 * ((h >> 60) & 1)) << 52));
  case 1:  // 2^-32 or 2^0, both signs (5 in 8 positive)
    return from_bits(sig | ((991 + 32 * ((h >> 56) & 1)) << 52) | minus5in8);
  case 2:  // 2^961..2^1023, both signs: the top chunks, and mostly an overflow
    return from_bits(sig | ((1984 + (h >> 56) % 63) << 52) | ((h >> 63) ? neg : 0));
  case 3:  // blocks of 4,096 copies of x = s * 2^940 or 2^908, then -4096 x (the
           // positive words of chunk 63 or 62 wrap, the negative ones do not), and
           // 1.5 last: 1.5 exactly
    if (i % 4097 == 4096)
      return from_bits((bits_of(t.back()) + (uint64_t(12) << 52)) | neg);
    if (i % 4097 != 0)
      return t.back();
    return from_bits(sig | ((2015 - 32 * ((h >> 56) & 1)) << 52));
  default:  // subnormals and 2^-1044, both signs (5 in 8 positive)
    return from_bits(sig | ((31 * ((h >> 56) & 1)) << 52) | minus5in8);
  }
}

// The doubles of case c of kind k (the generator of exact_reference.py).
static std::vector<double> terms(int kind, uint64_t c) {
  std::vector<double> t;
  uint64_t s = mix64(c * 7 + static_cast<uint64_t>(kind) * 1000003);
  if (kind == 5) {
    const int n = c % 5 == 3 ? 6 * 4097 : 20000 + static_cast<int>(s % 10000);
    for (int i = 0; i < n; ++i)
      t.push_back(many_term(c, mix64(s + static_cast<uint64_t>(i) + 1), i, t));
    if (c % 5 == 3)
      t.push_back(1.5);
    return t;
  }
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

// Kind 5 has kManyCases cases whatever the count asked for (the reference is slower).
static constexpr int kManyCases = 15;

int main(int argc, char **argv) {
  int cases = argc > 1 ? std::atoi(argv[1]) : 200;
  for (int kind = 0; kind <= 5; ++kind)
    for (int c = 0; c < (kind == 5 ? kManyCases : cases); ++c) {
      sprig::exact_sum<double> d;
      sprig::exact_sum<float> f;
      const std::vector<double> ts = terms(kind, static_cast<uint64_t>(c));
      if (kind == 5 && c % 2 == 1) {
        // Odd cases of kind 5: three partial sums (every third term), merged, so that
        // words that have wrapped in each are merged, and merges wrap words too.
        sprig::exact_sum<double> part[3];
        for (size_t i = 0; i < ts.size(); ++i)
          part[i % 3] += ts[i];
        d += part[1];
        d += part[0];
        part[2] += part[2];  // a sum merged into itself: twice the terms, ...
        d += part[2];
        for (size_t i = 2; i < ts.size(); i += 3)
          d -= ts[i];  // ... less one copy of them
      }
      for (double x : ts) {
        if (kind == 5 && c % 2 == 1)
          break;
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
