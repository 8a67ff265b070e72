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
 * Ending the loop early: fn may return sprig::loop_control. Returning
 * sprig::loop_break from fn(x) is the serial loop's `break` after that iteration: the
 * loop ends once every iteration before it has finished, iterations after it that have
 * not started never start, and reducers hold what the serial loop would (updates made by
 * iterations after it are discarded; their other effects may have happened,
 * docs/forms.md). sprig::loop_continue goes on. Of several breaks and throws the first
 * in iteration order wins. A callable returning anything else (void, a value) is called
 * for every iteration as before, its result ignored, and pays nothing for the feature.
 *
 *   sprig::reducer<sprig::op_add<long>> scanned;      // <sprig/reducer.h>
 *   sprig::parallel_for(0L, n, [&](long i) {
 *     *scanned += 1;                                   // i + 1 at the end, as serially
 *     return a[i] < 0 ? sprig::loop_break : sprig::loop_continue;
 *   });
 * Under another compiler the header's loop breaks the same way (the serial elision).
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

// What a sprig::parallel_for callable may return to end the loop early (above).
enum class loop_control : unsigned char { loop_continue, loop_break };
constexpr loop_control loop_continue = loop_control::loop_continue;
constexpr loop_control loop_break = loop_control::loop_break;

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

// The loop without a break (fn returns anything but loop_control): the loop as it
// always was, with nothing of the break machinery in its code.
template <class I, class F>
void run_loop(I first, std::size_t n, F &fn, std::size_t grain, std::false_type) {
  (void)grain;
  [[sprig::parallel_for]] [[sprig::grainsize(grain)]] for (std::size_t k = 0; k < n; ++k)
    fn(range_traits<I>::at(first, k));
}
// fn returns loop_control: loop_break is the serial loop's `break`.
template <class I, class F>
void run_loop(I first, std::size_t n, F &fn, std::size_t grain, std::true_type) {
  (void)grain;
  [[sprig::parallel_for]] [[sprig::grainsize(grain)]] for (std::size_t k = 0; k < n; ++k) {
    if (fn(range_traits<I>::at(first, k)) == loop_control::loop_break)
      break;
  }
}

}  // namespace detail

template <class I, class F>
void parallel_for(I first, I last, F fn, std::size_t grain = 0) {
  std::size_t n = detail::range_traits<I>::count(first, last);
  // grain 0: the default grain, chosen by the runtime. (Other compilers ignore the
  // attribute that uses it.)
  using R = typename std::decay<decltype(fn(detail::range_traits<I>::at(first, 0)))>::type;
  detail::run_loop(first, n, fn, grain,
                   std::integral_constant<bool, std::is_same<R, loop_control>::value>());
}

}  // namespace sprig

#endif /* SPRIG_PARALLEL_FOR_H */
