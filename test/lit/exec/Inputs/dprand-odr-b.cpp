// Uses walk() (Inputs/dprand-odr.h) and draws nothing: no <sprig/rng.h> here, so its
// copy of walk keeps no pedigree (exec/dprand-odr.cpp).
#include "dprand-odr.h"
static uint64_t one() { return 1; }
uint64_t other() { return walk(3, one); }
