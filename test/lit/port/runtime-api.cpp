// __cilkrts_get_nworkers() becomes sprig_nworkers() and __cilkrts_get_worker_number()
// sprig_worker_id() (<sprig/sprig.h>).
// RUN: %sprig_port %s > %t.cpp
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %run_opts %t.cpp %t -I%sprig_inc | FileCheck %s
// OUT: {{^}}  int p = sprig_nworkers();{{$}}
// OUT: {{^}}    ids[i] = sprig_worker_id();{{$}}
// CHECK: ok
#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <cstdio>

int main() {
  int p = __cilkrts_get_nworkers();
  int ids[64];
  cilk_for (int i = 0; i < 64; ++i)
    ids[i] = __cilkrts_get_worker_number();
  bool ok = p >= 1;
  for (int id : ids)
    ok = ok && id >= 0 && id < p;
  std::puts(ok ? "ok" : "bad worker ids");
}
