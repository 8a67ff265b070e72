// __cilkrts_set_param and the other runtime calls without a Sprig equivalent stay and
// are reported (the worker count: SPRIG_NWORKERS or sprig_set_nworkers); the ones with
// one convert. Exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-runtime-api.cpp:[[@LINE+7]]: __cilkrts_set_param: set the worker count with SPRIG_NWORKERS=N in the environment, or call sprig_set_nworkers(N) (<sprig/sprig.h>) before the first spawn
// ERR-NEXT: leftover-runtime-api.cpp:[[@LINE+7]]: __cilkrts_end_cilk: no Sprig equivalent
// ERR-NOT: leftover-runtime-api.cpp
// OUT: {{^}}  return sprig_nworkers();{{$}}
#include <cilk/cilk_api.h>

int main() {
  __cilkrts_set_param("nworkers", "4");
  __cilkrts_end_cilk();
  return __cilkrts_get_nworkers();
}
