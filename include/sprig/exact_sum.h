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
 * 2^-1074, at most 2^53 times a power of two. The accumulator holds the sum in units of
 * 2^-1075 (so that a double's biased exponent is the position of its significand's bit
 * 0), as two sums kept apart, of the positive terms and of the negative terms'
 * magnitudes, subtracted when the sum is read (no negation per term). Each is in base
 * 2^32, one unsigned 64-bit word per 32 bits of binary exponent range (67 chunks:
 * 2^-1075 .. 2^1069). Adding a term adds the low 32 bits of its shifted significand to
 * one word and the rest (under 2^52) to the next; a word is not normalised on the way
 * in, only when it wraps past 2^64 (the add's carry flag, at most once in 2^12 updates
 * of that word), and then 2^32 goes to the next chunk. Infinities and NaNs are kept
 * apart and decide the result as IEEE addition would (NaN, or +inf and -inf together,
 * give NaN).
 *
 * Rules of the result: an exact total of 0 is +0.0 (IEEE's rule for the sum of nonzero
 * terms that cancel; a sum of only -0.0 terms also gives +0.0 here); a total beyond the
 * type's range rounds to infinity, as one rounding of the exact value does.
 *
 * Cost: one addition is about 22 integer instructions and two 64-bit read-modify-writes
 * of the accumulator (no floating-point dependency chain; three branches, not taken but
 * for zeros, subnormals, |x| >= 2^993, infinities and NaNs, and a word that wraps); the
 * word is found with one shift of the double's bits. A merge adds the words, a read
 * normalises a copy. The object is 1,080 bytes.
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
    for (uint64_t &w : word_)
      w = 0;
    special_ = 0;
  }

  // Always inline, as are the helpers below: a loop of updates that makes no call stays
  // in one strand, where Sprig looks a reducer's view up once before the loop instead
  // of at every update (plugin/late/ReducerViews.cpp).
#if defined(__GNUC__) || defined(__clang__)
  __attribute__((always_inline))
#endif
  void add(double x) noexcept {
    uint64_t u;
    std::memcpy(&u, &x, sizeof u);
    // A normal x (biased exponent e in 1..2046) is (2^52 + significand) * 2^(e - 1075):
    // its significand's bit 0 sits at bit e of the accumulator (whose bit 0 is 2^-1075),
    // in chunk e / 32. A subnormal (e = 0) is its significand * 2^-1074: m = twice the
    // significand (under 2^53) at e = 0. One unsigned compare keeps e in 1..2015 on the
    // fast path and sends zeros, subnormals, |x| >= 2^993, infinities and NaNs to the
    // rare one.
    const uint32_t e = static_cast<uint32_t>(u >> 52) & 0x7ff;
    uint64_t m = (u & kSignificand) | (uint64_t(1) << 52);
    // u >> 57 is the sign and e / 32 (bits 63 and 62..57): the word of chunk e / 32 in
    // the term's half; the next chunk's is one word on while e / 32 <= 62.
    const uint64_t lo = u >> 57;
    // e - 1 >= kFastTop, on u << 1 (e and the significand) with no mask: (u << 1) -
    // 2^53 is (e - 1) * 2^53 plus under 2^53, or wraps for e = 0.
    if (__builtin_expect((u << 1) - (uint64_t(1) << 53) >= uint64_t(kFastTop) << 53, 0)) {
      if (e == 0x7ff) {  // infinities and NaNs, kept apart
        special_ |= (u & kSignificand) != 0 ? kNaN : (u >> 63 ? kNegInf : kPosInf);
        return;
      }
      if (e == 0) {  // a subnormal, or a zero (which adds nothing)
        m = (u & kSignificand) << 1;
      } else {  // 2^993 <= |x| < 2^1024: e / 32 = 63, the next chunk is 64
        add_at(lo, word_index(u >> 63, 64), e, m);
        return;
      }
    }
    add_at(lo, lo + 1, e, m);
  }

  // *this += other (other is left unchanged). Word by word: a word that wraps carries
  // as an update's does, so neither side needs normalising first.
  void merge(const exact_accumulator &other) noexcept {
    if (&other == this) {  // the carries below would reach words not yet read
      const exact_accumulator copy = other;
      merge(copy);
      return;
    }
    for (int i = 0; i < kWords; ++i)
      add_word(i, other.word_[i]);
    special_ |= other.special_;
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
    // The positive half minus the negative one, normalised: a[c] in [0, 2^32) for every
    // chunk but the top one, which takes the rest and carries the sign (two's complement
    // across the chunks). |k| < 2^33 at every step, so t fits easily.
    wide a[kChunks];
    wide k = 0;
    for (int c = 0; c < kChunks; ++c) {
      const wide t = k + static_cast<wide>(word_[word_index(0, c)]) -
                     static_cast<wide>(word_[word_index(1, c)]);
      a[c] = c < kChunks - 1 ? t & 0xffffffff : t;
      k = t >> 32;
    }
    const bool negative = a[kChunks - 1] < 0;
    if (negative)
      negate(a);
    int top = kChunks - 1;
    while (top >= 0 && a[top] == 0)
      --top;
    if (top < 0)
      return T(0);
    // L: the position of the leading 1 (bit 0 = 2^-1075).
    const uint64_t top_hi = static_cast<uint64_t>(a[top] >> 64),
                   top_lo = static_cast<uint64_t>(a[top]);
    const int L =
        top * 32 + (top_hi ? 127 - __builtin_clzll(top_hi) : 63 - __builtin_clzll(top_lo));
    constexpr int kPrecision = std::numeric_limits<T>::digits;  // 53 or 24
    // The smallest subnormal of T, as a position: 1 for double (2^-1074), 926 (2^-149)
    // for float. Every rounding position is at least 1, so the half below it exists.
    constexpr int kQuantum =
        std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits + 1075;
    static_assert(kQuantum >= 1, "a position below the quantum for the rounding bit");
    // 2^1024 or more (bit 2099 = 2^1024): beyond every finite T, and beyond the
    // positions bits() can read (the top chunk may hold more than 32 bits).
    if (L >= 2099)
      return negative ? -std::numeric_limits<T>::infinity()
                      : std::numeric_limits<T>::infinity();
    int lsb = L - (kPrecision - 1);
    if (lsb < kQuantum)
      lsb = kQuantum;
    uint64_t mant = lsb <= L ? bits(a, lsb, L - lsb + 1) : 0;
    const bool half = bits(a, lsb - 1, 1) != 0;
    if (half && (any_below(a, lsb - 1) || (mant & 1)))
      ++mant;  // may reach 2^kPrecision: still exact in T
    // mant * 2^(lsb - 1075): mant has at most kPrecision + 1 bits and its scale is a
    // multiple of T's quantum, so ldexp is exact, or overflows to infinity exactly when
    // the correctly rounded sum does.
    T r = std::ldexp(static_cast<T>(mant), lsb - 1075);
    return negative ? -r : r;
  }

private:
  // The sum is P - N, P the sum of the positive terms and N that of the negative ones'
  // magnitudes (no negation on the way in), each kept in base 2^32 as unsigned 64-bit
  // words: P = sum over chunks c of word_[word_index(0, c)] * 2^(32c), N the same with
  // half 1, chunk c standing for bits 32c.. of the accumulator (bit 0 = 2^-1075). Chunks
  // 0..63 of half h are words 64h + c, so the fast path finds a term's word with one
  // shift; chunks 64..66 of both halves follow, at 128 + 3h + c - 64.
  //
  // A word is not kept under 2^32: an update adds under 2^32 to one word and under 2^52
  // to the next, and only a word that wraps past 2^64 (the carry flag of the add, a
  // branch not taken in at least 2^12 updates of that word) carries, 2^32 into the same
  // half's next chunk (carry_up). Chunks 0..64 take updates (e <= 2046: e / 32 + 1 <=
  // 64; 64 only from |x| >= 2^993); chunks 65 and 66 take carries only. Chunk 66's words
  // hold at most P / 2^2112 (or N's) < n * 2^-13 for n terms, each under 2^1024 = 2^2099
  // units: they cannot wrap before 2^77 terms, so a carry never runs past the top chunk.
  using wide = __int128;
  static constexpr int kChunks = 67, kWords = 2 * kChunks;
  static constexpr uint32_t kFastTop = 2015;  // e - 1 below it: e / 32 + 1 <= 63
  static constexpr uint64_t kSignificand = (uint64_t(1) << 52) - 1;
  static constexpr uint32_t kPosInf = 1, kNegInf = 2, kNaN = 4;

  // The word of chunk c (0..66) of half h (0: positive terms, 1: negative ones).
  static constexpr int word_index(uint64_t h, uint32_t c) noexcept {
    return c < 64 ? static_cast<int>(64 * h + c) : static_cast<int>(128 + 3 * h + c - 64);
  }

  // m * 2^e, into words lo (chunk e / 32 of its half) and hi (the next chunk): the low
  // 32 bits of m << (e % 32) to lo, the rest, m >> (32 - e % 32) (under 2^52), to hi.
  // Both shift counts come from e's low bits as the machine masks them: a 32-bit shift
  // takes the count mod 32, and -(e | 32) mod 64 is 32 - e % 32.
#if defined(__GNUC__) || defined(__clang__)
  __attribute__((always_inline))
#endif
  void add_at(uint64_t lo, uint64_t hi, uint32_t e, uint64_t m) noexcept {
    add_word(lo, static_cast<uint32_t>(m) << (e & 31));
    add_word(hi, m >> ((0u - (e | 32)) & 63));
  }

  // word i += v; a wrap (v < 2^64: at most one) is carried up.
#if defined(__GNUC__) || defined(__clang__)
  __attribute__((always_inline))
#endif
  void add_word(uint64_t i, uint64_t v) noexcept {
    // Through a local, so that the store is an ordinary one of a uint64_t, which the
    // optimiser knows cannot change the caller's pointers (the builtin's own store
    // may alias anything, and a loop over a vector would reload its data pointer).
    uint64_t sum;
    const bool wrapped = __builtin_add_overflow(word_[i], v, &sum);
    word_[i] = sum;
    if (__builtin_expect(wrapped, 0))
      carry_up(i);
  }

  // Word i has just wrapped: its value is word_[i] + 2^64, that is, 2^32 units of its
  // half's next chunk. They go there, and on up while that word wraps in turn (chunk 66
  // cannot: see above). The wrapped word needs no change (it is now under the v that
  // wrapped it), so the add that wrapped stays one read-modify-write.
#if defined(__GNUC__) || defined(__clang__)
  __attribute__((always_inline))
#endif
  void carry_up(uint64_t i) noexcept {
    bool wrapped;
    do {
      i = i < 128 ? ((i & 63) == 63 ? 128 + 3 * (i >> 6) : i + 1) : i + 1;
      uint64_t sum;
      wrapped = __builtin_add_overflow(word_[i], uint64_t(1) << 32, &sum);
      word_[i] = sum;
    } while (wrapped);
  }

  // 0 - a, on normalised chunks (round's a).
  static void negate(wide *a) noexcept {
    wide borrow = 0;
    for (int i = 0; i < kChunks - 1; ++i) {
      wide d = -a[i] - borrow;
      borrow = d < 0;
      a[i] = d & 0xffffffff;
    }
    a[kChunks - 1] = -a[kChunks - 1] - borrow;
  }

  // Bits [from, from + n) of the normalised magnitude a, n <= 64.
  static uint64_t bits(const wide *a, int from, int n) noexcept {
    uint64_t r = 0;
    for (int k = 0; k < n; ++k) {
      const int p = from + k;
      r |= ((static_cast<uint64_t>(a[p >> 5]) >> (p & 31)) & 1) << k;
    }
    return r;
  }

  // Is any bit of a below position p set?
  static bool any_below(const wide *a, int p) noexcept {
    for (int i = 0; i < (p >> 5); ++i)
      if (a[i] != 0)
        return true;
    const uint64_t partial =
        static_cast<uint64_t>(a[p >> 5]) & ((uint64_t(1) << (p & 31)) - 1);
    return partial != 0;
  }

  uint64_t word_[kWords];
  uint32_t special_;  // not a char: a char store in a loop of updates may alias anything
};

}  // namespace detail

template <class T> class exact_sum {
  static_assert(std::is_same<T, double>::value || std::is_same<T, float>::value,
                "sprig::exact_sum<T>: T is float or double");

public:
  exact_sum() noexcept = default;
  explicit exact_sum(T x) noexcept { acc_.add(x); }

  // Always inline, as the accumulator's add is (a loop of updates makes no call).
#if defined(__GNUC__) || defined(__clang__)
  __attribute__((always_inline))
#endif
  exact_sum &operator+=(T x) noexcept {
    acc_.add(static_cast<double>(x));  // exact: every float is a double
    return *this;
  }
#if defined(__GNUC__) || defined(__clang__)
  __attribute__((always_inline))
#endif
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
