// A draw in a continuation stolen from a spawning function built without <sprig/rng.h>
// has no known position in the spawn tree: it aborts with a message that says what to
// do, rather than return a value that depends on the schedule. At one worker nothing is
// stolen and the draw is made (the strand is then its caller's).
// RUN: %sprigxx -O2 -I%sprig_inc -c %s -o %t.main.o
// RUN: %sprigxx -O2 -c %S/Inputs/dprand-unknown-b.cpp -o %t.b.o
// RUN: %sprigxx %t.main.o %t.b.o -o %t
// RUN: env SPRIG_NWORKERS=1 %t | FileCheck %s --check-prefix=ONE
// RUN: env SPRIG_NWORKERS=2 not --crash %t 2>&1 | FileCheck %s --check-prefix=STOLEN
// ONE: drew
// STOLEN: sprig: sprig::dprand() was called in a strand whose pedigree is unknown
// STOLEN-SAME: Include <sprig/rng.h> in every file whose functions spawn on the way
// STOLEN-NOT: drew
#include <sprig/rng.h>
#include <cstdint>
#include <cstdio>

uint64_t spawner_without_pedigree();
uint64_t draw_in_continuation() { return sprig::dprand(); }

int main() {
  uint64_t v = spawner_without_pedigree();
  std::printf("drew %d\n", v != 0);
  return 0;
}
