//===- runtime/pedigree.cpp - a strand's pedigree, for sprig::dprand -------===//
//
// The state each thread keeps of the strand it runs, the plugin's entry points that
// move it at spawns and loops, the draw, and the runtime's save, restore and poison
// (runtime/pedigree.h says who calls what; docs/design.md, "Pedigrees").
//
// Invariants:
//  * A valid hash has bit 0 clear; bit 0 set marks a strand whose position is unknown
//    (a stolen continuation of a spawning function built without the pedigree). Every
//    state derived from an unknown one is unknown; a draw in one aborts.
//  * Only the thread running a strand reads or writes its state (thread-local); a
//    strand's state crosses threads only through sprig_frame.ped, ordered by the
//    runtime's own release/acquire of the suspension it rides on (pedigree.h).
//===----------------------------------------------------------------------===//
#include "pedigree.h"
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace sprig {
namespace {

// The thread's strand: sprig/abi/entry.h's __sprig_tls_ped, {hash, rank} (a thread's
// first strand: {0, 0}).
using PedState = sprig_ped_state;

constexpr uint64_t kUnknown = 1;  // bit 0 of a hash
constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;

// SplitMix64's finaliser: a bijection of 64-bit words that mixes every input bit into
// every output bit.
constexpr uint64_t fmix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

// The hash of the strand forked at rank r of the strand named h (bit 0 clear), or h
// itself if h is unknown.
inline uint64_t child_hash(uint64_t h, uint64_t r) {
  if (h & kUnknown)
    return h;
  // (h + (r + 1) * golden is a bijection of r for each h, and of h for each r; one
  // finaliser per level of the tree is enough to spread it: every draw goes through
  // another, seeded, at the end.)
  return fmix(h + (r + 1) * kGolden) & ~kUnknown;
}

// The seed (sprig::dprand_seed), mixed. Relaxed: set outside parallel code (rng.h).
std::atomic<uint64_t> g_seed_mix{fmix(0 + kGolden)};  // seed 0 until one is set

[[noreturn]] void unknown_pedigree() {
  std::fputs(
      "sprig: sprig::dprand() was called in a strand whose pedigree is unknown: a "
      "spawning function on its way from the root was built without <sprig/rng.h> (its "
      "continuation ran on another worker, where its position in the spawn tree cannot "
      "be known). Include <sprig/rng.h> in every file whose functions spawn on the way "
      "to a draw, or build them with -mllvm -sprig-pedigree (docs/rng.md).\n",
      stderr);
  std::abort();
}

}  // namespace
}  // namespace sprig

extern "C" {
// Default visibility: code built with the pedigree moves it inline, through the
// initial-exec sequence (plugin/early/Pedigree.cpp), so it must be in the static TLS
// block, as __sprig_tls_worker is.
__attribute__((tls_model("initial-exec"))) __thread sprig_ped_state __sprig_tls_ped = {0,
                                                                                       0};
}

namespace sprig {

namespace {
// The thread's state into a frame's two words, and back (ped and ped_exc alike).
void store_state(uint64_t (&words)[2]) {
  words[0] = __sprig_tls_ped.hash;
  words[1] = __sprig_tls_ped.rank;
}
void load_state(const uint64_t (&words)[2]) {
  __sprig_tls_ped.hash = words[0];
  __sprig_tls_ped.rank = words[1];
}
}  // namespace

void ped_save(sprig_frame *f) { store_state(f->ped); }
void ped_restore(const sprig_frame *f) { load_state(f->ped); }
sprig_ped_state ped_current() { return __sprig_tls_ped; }
void ped_leave_root(const sprig_ped_state &entry) {
  if (__sprig_tls_ped.hash & kUnknown)
    __sprig_tls_ped = entry;
}
void ped_record_exception(sprig_frame *parent) { store_state(parent->ped_exc); }
void ped_restore_exception(const sprig_frame *f) { load_state(f->ped_exc); }
void ped_poison() {
  __sprig_tls_ped.hash = kUnknown;
  __sprig_tls_ped.rank = 0;
}

}  // namespace sprig

using namespace sprig;

extern "C" {

uint64_t __sprig_ped_hash(void) { return __sprig_tls_ped.hash; }

uint64_t __sprig_ped_fork(void) {
  PedState &s = __sprig_tls_ped;
  uint64_t r = s.rank;
  s.hash = child_hash(s.hash, r);
  s.rank = 0;
  return r;
}

void __sprig_ped_join(uint64_t h, uint64_t r) {
  __sprig_tls_ped.hash = h;
  __sprig_tls_ped.rank = r + 1;
}

void __sprig_ped_iter(uint64_t loop_hash, uint64_t k) {
  __sprig_tls_ped.hash = child_hash(loop_hash, k);
  __sprig_tls_ped.rank = 0;
}

uint64_t __sprig_dprand(void) {
  PedState &s = __sprig_tls_ped;
  if (__builtin_expect((s.hash & kUnknown) != 0, 0))
    unknown_pedigree();
  uint64_t v =
      fmix(child_hash(s.hash, s.rank) ^ g_seed_mix.load(std::memory_order_relaxed));
  s.rank++;
  return v;
}

void __sprig_dprand_seed(uint64_t seed) {
  g_seed_mix.store(fmix(seed + kGolden), std::memory_order_relaxed);
  __sprig_tls_ped.hash = 0;  // the calling strand starts again at a thread's first position
  __sprig_tls_ped.rank = 0;
}

}  // extern "C"
