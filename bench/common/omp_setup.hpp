// bench/common/omp_setup.hpp - OpenMP competitors: create the team (OMP_NUM_THREADS,
// set by bench.sh to P) before the timer starts.
#pragma once
#include <omp.h>

namespace bench {
inline void omp_warmup() {
#pragma omp parallel
  {
    __asm__ volatile("");
  }
}
}  // namespace bench
