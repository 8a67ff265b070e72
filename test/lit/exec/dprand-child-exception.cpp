// A spawned child throws, and a strand above catches the exception and draws on. In a
// pooled run the parent's continuation runs until the sync, which rethrows; a serial
// root (SPRIGTEST_SERIAL_ROOTS=1: a thread that finds every worker busy) and the
// --scale and --race builds let the exception leave at once, as the serial program does.
// Either way the catching strand goes on from the position the throwing child had when
// its exception left it (the runtime records it with the kept exception,
// runtime/pedigree.h), so the draws made after the catch are the same everywhere: at every
// P, in a serial root, and in the serial modes. (Draws of the continuation between the
// throw and the sync are made only in pooled runs, and are not printed.)
// RUN: %sprigxx -O2 -I%sprig_inc %s -o %t
// RUN: env SPRIG_NWORKERS=1 %t > %t.1
// RUN: env SPRIG_NWORKERS=2 %t > %t.2
// RUN: env SPRIG_NWORKERS=4 %t > %t.4
// RUN: env SPRIGTEST_STRESS=5 SPRIG_NWORKERS=4 %t > %t.s
// RUN: env SPRIGTEST_SERIAL_ROOTS=1 SPRIG_NWORKERS=2 %t > %t.r
// RUN: cmp %t.1 %t.2
// RUN: cmp %t.1 %t.4
// RUN: cmp %t.1 %t.s
// RUN: cmp %t.1 %t.r
// RUN: %sprigxx --scale -O1 -I%sprig_inc %s -o %t.scale
// RUN: env SPRIG_SCALE_OUT=%t.csv %t.scale > %t.sc
// RUN: cmp %t.1 %t.sc
// RUN: FileCheck %s < %t.1
// CHECK: caught 20
#include <sprig/rng.h>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <stdexcept>

// The continuation's draws: made in pooled runs only (atomic: continuations of several
// frames run at once).
static std::atomic<uint64_t> sink{0};

static void burn() {
  volatile uint64_t x = 0;
  for (int i = 0; i < 5000; ++i)
    x = x + i;
}

static uint64_t leaf(int d, bool throws) {
  uint64_t v = sprig::dprand();
  burn();
  if (throws && d == 0)
    throw std::runtime_error("leaf");
  return v;
}

static uint64_t tree(int d, bool throws) {
  if (d == 0)
    return leaf(d, throws);
  uint64_t a, b;
  [[sprig::spawn]] a = tree(d - 1, false);
  [[sprig::spawn]] b = tree(d - 1, throws);  // its last leaf throws
  sink += sprig::dprand();                    // the continuation draws on meanwhile
  [[sprig::sync]];
  return a ^ b;
}

int main() {
  sprig::dprand_seed(11);
  uint64_t h = 0;
  int caught = 0;
  for (int rep = 0; rep < 20; ++rep) {
    try {
      h ^= tree(4, true);
    } catch (const std::exception &) {
      ++caught;
      h = h * 1099511628211ull + sprig::dprand();  // the catching strand's draw
    }
    h = h * 31 + sprig::dprand();
  }
  std::printf("caught %d after %016llx\n", caught, (unsigned long long)h);
  return 0;
}
