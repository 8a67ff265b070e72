/*===- sprig/exact_sum.h - floating-point sums rounded once ---------------===*
 *
 * sprig::exact_sum<double> (and <float>) adds floating-point numbers without rounding
 * and rounds the total once, to nearest (ties to even), when it is read. The result is
 * therefore the exact sum of the terms, correctly rounded, whatever their order and
 * however they were grouped: a parallel reduction gives the same bits at every worker
 * count and in every schedule, and the same bits as the serial elision under any
 * compiler (no dependence on FMA contraction, x87 excess precision or -ffast-math
 * reassociation: the accumulator uses integer arithmetic only). sprig::op_add_exact<T>
 * in <sprig/reducer.h> is the monoid built on it; docs/reducers.md says when to use it.
 *
 *   sprig::exact_sum<double> s;
 *   for (double x : xs) s += x;
 *   double total = s.value();            // the exact sum, rounded once
 *
 * How (a "small superaccumulator", after R. M. Neal, "Fast exact summation using small
 * and large superaccumulators", 2015): every finite double is an integer multiple of
 * 2^-1074, at most 2^53 times a power of two. The accumulator is that integer in base
 * 2^32, one signed 128-bit digit per 32 bits of binary exponent range (66 digits cover
 * 2^-1074 .. 2^1038 and the carries above), kept twice: positive terms are added to one
 * set of digits and negative ones to the other, which is subtracted from the first
 * when the sum is read (no negation per term). Adding a term adds the low 32 bits of its
 * shifted significand to one digit and the rest (under 2^52) to the next, with no carry:
 * a digit has room for 2^75 such additions, so carries are propagated only when the sum
 * is read or two accumulators are merged. Infinities and NaNs are kept apart and decide the
 * result as IEEE addition would (NaN, or +inf and -inf together, give NaN).
 *
 * Rules of the result: an exact total of 0 is +0.0 (IEEE's rule for the sum of nonzero
 * terms that cancel; a sum of only -0.0 terms also gives +0.0 here); a total beyond the
 * type's range rounds to infinity, as one rounding of the exact value does.
 *
 * Cost: one addition is about 20 integer instructions and two 128-bit read-modify-writes
 * of the accumulator (no floating-point dependency chain, no branch but the one for
 * infinities and NaNs); a merge or a read propagates the carries over the digits. The
 * object is 2,128 bytes.
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_EXACT_SUM_H
#define SPRIG_EXACT_SUM_H

#ifdef __cplusplus
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace sprig {

namespace detail {

// The accumulator shared by exact_sum<float> and exact_sum<double>: floats are added as
// the doubles they convert to exactly.
class exact_accumulator {
public:
  exact_accumulator() noexcept { clear(); }

  void clear() noexcept {
    for (digit &d : digit_)
      d = 0;
    special_ = 0;
  }

  void add(double x) noexcept {
    uint64_t u;
    std::memcpy(&u, &x, sizeof u);
    // A normal x (biased exponent e in 1..2046) is (2^52 + significand) * 2^(e - 1075):
    // its significand's bit 0 sits at bit e - 1 of the accumulator (whose bit 0 is
    // 2^-1074). One unsigned compare sends zeros, subnormals (e = 0) and infinities
    // and NaNs (e = 2047) to add_rare.
    const uint32_t pos = (static_cast<uint32_t>(u >> 52) & 0x7ff) - 1;
    if (__builtin_expect(pos >= 0x7fe, 0)) {
      add_rare(u);
      return;
    }
    add_at(u >> 63, pos, (u & kSignificand) | (uint64_t(1) << 52));
  }

  // *this += other (other is left unchanged).
  void merge(const exact_accumulator &other) noexcept {
    carry();
    exact_accumulator o = other;
    o.carry();
    // Both normalised: every digit but the top one in [0, 2^32), so the sums fit.
    for (int i = 0; i < 2 * kDigits; ++i)
      digit_[i] += o.digit_[i];
    special_ |= o.special_;
    carry();
  }

  // The exact sum rounded once to nearest-even, as a T (float or double).
  template <class T> T round() const noexcept {
    static_assert(std::is_same<T, double>::value || std::is_same<T, float>::value,
                  "exact sums of float or double");
    if (special_) {
      if ((special_ & kNaN) || (special_ & (kPosInf | kNegInf)) == (kPosInf | kNegInf))
        return std::numeric_limits<T>::quiet_NaN();
      return (special_ & kPosInf) ? std::numeric_limits<T>::infinity()
                                  : -std::numeric_limits<T>::infinity();
    }
    exact_accumulator a = *this;
    a.fold();
    // Two's complement across the digits: the top digit carries the sign.
    const bool negative = a.digit_[kDigits - 1] < 0;
    if (negative)
      a.negate();
    int top = kDigits - 1;
    while (top >= 0 && a.digit_[top] == 0)
      --top;
    if (top < 0)
      return T(0);
    // L: the position of the leading 1 (bit 0 = 2^-1074).
    const uint64_t top_hi = static_cast<uint64_t>(a.digit_[top] >> 64),
                   top_lo = static_cast<uint64_t>(a.digit_[top]);
    const int L =
        top * 32 + (top_hi ? 127 - __builtin_clzll(top_hi) : 63 - __builtin_clzll(top_lo));
    constexpr int kPrecision = std::numeric_limits<T>::digits;  // 53 or 24
    // The smallest subnormal of T, as a position: 0 for double, 925 (2^-149) for float.
    constexpr int kQuantum =
        std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits + 1074;
    // 2^1024 or more (bit 2098 = 2^1024): beyond every finite T, and beyond the
    // positions bits() can read (the top digit may hold more than 32 bits).
    if (L >= 2098)
      return negative ? -std::numeric_limits<T>::infinity()
                      : std::numeric_limits<T>::infinity();
    int lsb = L - (kPrecision - 1);
    if (lsb < kQuantum)
      lsb = kQuantum;
    uint64_t mant = 0;
    if (lsb <= 0) {
      mant = a.bits(0, L + 1);  // exact: under 2^53 units of 2^-1074
      lsb = 0;
    } else {
      mant = a.bits(lsb, L - lsb + 1);
      const bool half = a.bits(lsb - 1, 1) != 0;
      if (half && (a.any_below(lsb - 1) || (mant & 1)))
        ++mant;  // may reach 2^kPrecision: still exact in T
    }
    // mant * 2^(lsb - 1074): mant has at most kPrecision + 1 bits and its scale is a
    // multiple of T's quantum, so ldexp is exact, or overflows to infinity exactly when
    // the correctly rounded sum does.
    T r = std::ldexp(static_cast<T>(mant), lsb - 1074);
    return negative ? -r : r;
  }

private:
  // 128-bit digits: an addition adds under 2^52 to one and under 2^32 to the next, so
  // a digit cannot overflow before 2^75 additions, and the additions never propagate
  // carries (no loop, no counter on the way in: the optimiser keeps a reducer's view
  // out of the loop around them). Merges and reads normalise a copy.
  using digit = __int128;
  static constexpr int kDigits = 66;  // per half: positive terms, then negative ones
  static constexpr uint64_t kSignificand = (uint64_t(1) << 52) - 1;
  static constexpr unsigned char kPosInf = 1, kNegInf = 2, kNaN = 4;

  // m * 2^(pos - 1074), negative if `negative`: the low 32 bits of m << (pos % 32) go
  // to one digit, the rest (under 2^52) to the next. Negative terms go to the second
  // half of the digits (subtracted when the sum is read): no negation on the way in.
  void add_at(uint64_t negative, uint32_t pos, uint64_t m) noexcept {
    digit *d = digit_ + (pos >> 5) + negative * kDigits;
    const uint32_t sh = pos & 31;
    d[0] += static_cast<int64_t>((m << sh) & 0xffffffffu);
    d[1] += static_cast<int64_t>(m >> (32 - sh));
  }

  // Zeros (nothing to add), subnormals (significand * 2^-1074: position 0, no hidden
  // bit), infinities and NaNs (kept apart). Always inline: a loop of updates that makes
  // no call stays in one strand, and Sprig then looks a reducer's view up once before
  // the loop instead of at every update (plugin/late/ReducerViews.cpp).
#if defined(__GNUC__) || defined(__clang__)
  __attribute__((always_inline))
#endif
  void add_rare(uint64_t u) noexcept {
    const uint64_t m = u & kSignificand;
    if ((u >> 52 & 0x7ff) == 0x7ff)
      special_ |= m != 0 ? kNaN : (u >> 63 ? kNegInf : kPosInf);
    else if (m != 0)
      add_at(u >> 63, 0, m);
  }

  // In each half, every digit but the top one into [0, 2^32), the excess carried up
  // (arithmetic shifts: a negative digit borrows).
  void carry() noexcept {
    for (int h = 0; h < 2 * kDigits; h += kDigits)
      for (int i = h; i < h + kDigits - 1; ++i) {
        const digit d = digit_[i];
        digit_[i] = d & 0xffffffff;
        digit_[i + 1] += d >> 32;
      }
  }

  // The negative half subtracted from the positive one, then normalised: the first
  // kDigits digits hold the sum in two's complement, the second half zero.
  void fold() noexcept {
    carry();
    for (int i = 0; i < kDigits; ++i) {
      digit_[i] -= digit_[kDigits + i];
      digit_[kDigits + i] = 0;
    }
    carry();
  }

  // 0 - *this, on normalised digits.
  void negate() noexcept {
    digit borrow = 0;
    for (int i = 0; i < kDigits - 1; ++i) {
      digit d = -digit_[i] - borrow;
      borrow = d < 0;
      digit_[i] = d & 0xffffffff;
    }
    digit_[kDigits - 1] = -digit_[kDigits - 1] - borrow;
  }

  // Bits [from, from + n) of the normalised magnitude, n <= 64.
  uint64_t bits(int from, int n) const noexcept {
    uint64_t r = 0;
    for (int k = 0; k < n; ++k) {
      const int p = from + k;
      r |= ((static_cast<uint64_t>(digit_[p >> 5]) >> (p & 31)) & 1) << k;
    }
    return r;
  }

  // Is any bit below position p set?
  bool any_below(int p) const noexcept {
    for (int i = 0; i < (p >> 5); ++i)
      if (digit_[i] != 0)
        return true;
    const uint64_t partial =
        static_cast<uint64_t>(digit_[p >> 5]) & ((uint64_t(1) << (p & 31)) - 1);
    return partial != 0;
  }

  digit digit_[2 * kDigits];
  unsigned char special_;
};

}  // namespace detail

template <class T> class exact_sum {
  static_assert(std::is_same<T, double>::value || std::is_same<T, float>::value,
                "sprig::exact_sum<T>: T is float or double");

public:
  exact_sum() noexcept = default;
  explicit exact_sum(T x) noexcept { acc_.add(x); }

  exact_sum &operator+=(T x) noexcept {
    acc_.add(static_cast<double>(x));  // exact: every float is a double
    return *this;
  }
  exact_sum &operator-=(T x) noexcept {
    acc_.add(-static_cast<double>(x));
    return *this;
  }
  exact_sum &operator+=(const exact_sum &other) noexcept {
    acc_.merge(other.acc_);
    return *this;
  }

  // The exact sum of everything added, rounded once to nearest (ties to even).
  T value() const noexcept { return acc_.template round<T>(); }
  operator T() const noexcept { return value(); }

  void clear() noexcept { acc_.clear(); }

private:
  detail::exact_accumulator acc_;
};

}  // namespace sprig
#endif /* __cplusplus */
#endif /* SPRIG_EXACT_SUM_H */
