// A reducer's view is looked up once before a loop that makes no call, even when the
// update stays a store in the loop (the exact sum's words, chosen by each term, are
// never promoted to registers, so LICM, which hoists a memory-reading call only out of
// a loop that writes no memory, leaves it): plugin/late/ReducerViews.cpp. A loop that
// calls a function of the program may spawn and sync in it, and changes strand: there
// the lookup stays at each update. The update's rare carries are loops of their own,
// inside the loop of updates, so its header is matched at depth 1.
// RUN: %sprigxx -O2 -S %s -o - | FileCheck %s
#include <sprig/reducer.h>

sprig::reducer<sprig::op_add_exact<double>> total;
void opaque();

void add_all(const double *a, long n) {
  for (long i = 0; i < n; ++i)
    *total += a[i];
}

void add_and_call(const double *a, long n) {
  for (long i = 0; i < n; ++i) {
    *total += a[i];
    opaque();
  }
}

// CHECK-LABEL: {{^}}_Z7add_allPKdl:
// CHECK:         __sprig_tls_views@GOTTPOFF
// CHECK:       # =>This {{(Inner )?}}Loop Header: Depth=1
// CHECK-NOT:     __sprig_tls_views@GOTTPOFF
// CHECK:       .Lfunc_end

// CHECK-LABEL: {{^}}_Z12add_and_callPKdl:
// CHECK:       # =>This {{(Inner )?}}Loop Header: Depth=1
// CHECK:         __sprig_tls_views@GOTTPOFF
// CHECK:       .Lfunc_end
