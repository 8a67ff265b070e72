/*===- sprig/parallel_for.h - a parallel loop over a range, for callables ---===*
 *
 *   sprig::parallel_for(first, last, fn);          fn(i) for every i in [first, last)
 *   sprig::parallel_for(first, last, fn, grain);   ... in leaves of at most `grain`
 *
 * `first`/`last`: integers (any width, signed or unsigned), pointers or random-access
 * iterators; fn receives the index, pointer or iterator. The iterations may run in
 * parallel; the call returns when all have run (an implicit sync). fn may spawn and sync
 * (a sync in fn waits for that iteration's children), and may run parallel loops itself.
 * An exception thrown by an iteration reaches the caller after every iteration started
 * has finished; if several throw, the first in iteration order wins, as in the serial
 * loop.
 *
 * Built on [[sprig::parallel_for]] (docs/forms.md), so it is the serial loop under any
 * other compiler (the serial elision). Divide and conquer with continuation stealing: the
 * loop spawns the lower half of what remains and goes on with the upper half, so a thief
 * takes the upper half, half of the remaining work, in one steal, and the space bound of
 * spawns holds. The default grain is OpenCilk's, min(2048, ceil(n / (8 P))) for n
 * iterations and P workers.
 *
 * The number of iterations is computed once, before any runs, without overflow for the
 * whole range of the type (an empty range, last <= first, runs nothing).
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_PARALLEL_FOR_H
#define SPRIG_PARALLEL_FOR_H

#include <cstddef>
#include <iterator>
#include <sprig/sprig.h>
#include <type_traits>

namespace sprig {
namespace detail {

// Integers: count and step in the unsigned type of the same width, where wrap-around is
// defined, so that e.g. [INT_MIN, INT_MAX) is counted right; the value handed to fn is
// converted back (two's complement: exact for every value of the range).
template <class I, bool = std::is_integral<I>::value> struct range_traits {
  using U = typename std::make_unsigned<I>::type;
  static std::size_t count(I first, I last) {
    return last > first
               ? static_cast<std::size_t>(static_cast<U>(last) - static_cast<U>(first))
               : 0;
  }
  static I at(I first, std::size_t k) {
    return static_cast<I>(static_cast<U>(first) + static_cast<U>(k));
  }
};
// Pointers and random-access iterators.
template <class I> struct range_traits<I, false> {
  static std::size_t count(I first, I last) {
    auto d = last - first;
    return d > 0 ? static_cast<std::size_t>(d) : 0;
  }
  static I at(I first, std::size_t k) {
    return first + static_cast<typename std::iterator_traits<I>::difference_type>(k);
  }
};

}  // namespace detail

template <class I, class F>
void parallel_for(I first, I last, F fn, std::size_t grain = 0) {
  std::size_t n = detail::range_traits<I>::count(first, last);
  // grain 0: the default grain, chosen by the runtime. (Other compilers ignore the
  // attribute that uses it.)
  (void)grain;
  [[sprig::parallel_for]] [[sprig::grainsize(grain)]] for (std::size_t k = 0; k < n; ++k)
    fn(detail::range_traits<I>::at(first, k));
}

}  // namespace sprig

#endif /* SPRIG_PARALLEL_FOR_H */
