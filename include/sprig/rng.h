/*===- sprig/rng.h - a deterministic parallel random stream: sprig::dprand ---===*
 *
 *   #include <sprig/rng.h>
 *   sprig::dprand_seed(42);            // outside parallel code
 *   ... uint64_t v = sprig::dprand();  // anywhere: a spawned child, a loop body, ...
 *   ... double u = sprig::dprand_unit();  // uniform in [0, 1), 53 bits
 *   ... std::normal_distribution<double> n; sprig::dprand_engine g; n(g);  // <random>
 *
 * Built by sprig++ / sprigcc, every value depends only on the seed and on the caller's
 * *pedigree*: its position in the spawn tree, never on the number of workers, the
 * schedule, or the optimisation level. A strand's position is the list of ranks at
 * which its ancestors forked it, from the thread's first strand down, then the number
 * of things it has done since that take a place: each draw takes the next rank, each
 * spawn takes one for its child (the continuation goes on at the next), and a parallel
 * loop takes one, under which iteration k is at rank k whatever the grain or the
 * schedule. Calls add no level: a function called twice from one strand draws
 * different values, as the serial program would. Two strands never share a position,
 * so no two draws of a run share one; values are a hash of (seed, position), 64 bits
 * each. docs/rng.md says more (what is and is not guaranteed).
 *
 * The rule: every translation unit whose functions spawn on the way from a thread's
 * start to a draw includes this header before its spawning functions (or is built with
 * -mllvm -sprig-pedigree). The plugin keeps the pedigree only there, so programs that
 * never draw pay nothing at their spawns. A continuation stolen from a function built
 * without it has no known position: a draw there aborts with a message saying so.
 *
 * Other compilers (the serial elision) cannot see the spawn tree: dprand() is then a
 * fixed stream per thread from the seed (SplitMix64), the same at every run (in C, per
 * translation unit).
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_RNG_H
#define SPRIG_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__SPRIG__)
/* This translation unit keeps the pedigree at its spawns and loops: the plugin looks for
 * this variable (plugin/early/Pedigree.cpp). */
static const char __sprig_pedigree_tu __attribute__((used)) = 1;
/* Runtime (runtime/pedigree.cpp; also in sprig/abi/entry.h). */
uint64_t __sprig_dprand(void);
void __sprig_dprand_seed(uint64_t seed);
static inline uint64_t sprig_dprand(void) { return __sprig_dprand(); }
static inline void sprig_dprand_seed(uint64_t seed) { __sprig_dprand_seed(seed); }
#else
/* The serial elision: SplitMix64 from the seed, one stream per thread. */
static inline uint64_t *sprig_dprand_state_(void) {
  static __thread uint64_t state[2] = {0, 0}; /* the seed, then the draws made */
  return state;
}
static inline uint64_t sprig_dprand_mix_(uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}
static inline uint64_t sprig_dprand(void) {
  uint64_t *s = sprig_dprand_state_();
  return sprig_dprand_mix_(s[0] + 0x9E3779B97F4A7C15ull * ++s[1]);
}
static inline void sprig_dprand_seed(uint64_t seed) {
  uint64_t *s = sprig_dprand_state_();
  s[0] = seed;
  s[1] = 0;
}
#endif

/* Uniform in [0, 1): the top 53 bits of a draw. */
static inline double sprig_dprand_unit(void) {
  return (double)(sprig_dprand() >> 11) * (1.0 / 9007199254740992.0);
}

#ifdef __cplusplus
} /* extern "C" */

namespace sprig {
/* A 64-bit value that depends only on the seed and the caller's pedigree (above). */
inline uint64_t dprand() noexcept { return sprig_dprand(); }
/* Uniform in [0, 1). */
inline double dprand_unit() noexcept { return sprig_dprand_unit(); }
/* Sets the seed, and starts the calling strand again at a thread's first position. Call
 * it outside parallel code (before the spawns whose draws it should govern). */
inline void dprand_seed(uint64_t seed) noexcept { sprig_dprand_seed(seed); }
/* A UniformRandomBitGenerator over dprand(), for <random>'s distributions:
 *   std::normal_distribution<double> gauss;  sprig::dprand_engine g;  gauss(g);
 * Every call draws (a distribution may draw a varying number of times, decided by the
 * values it drew: still the same at every P). No state of its own: copies, and engines
 * made anywhere, all draw from the calling strand's position. */
struct dprand_engine {
  typedef uint64_t result_type;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~(result_type)0; }
  result_type operator()() noexcept { return dprand(); }
};
}  // namespace sprig
#endif

#endif /* SPRIG_RNG_H */
