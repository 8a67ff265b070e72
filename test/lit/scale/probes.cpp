// Probes (sprig/scale.h): nested C++ probes and the C API, in any function; rows in the
// order they end, then the whole program (empty tag) last; a tag with a comma or a quote
// is one quoted CSV field; an outer region's work covers its inner regions'; a region
// that only calls has parallelism 1; stop() ends a probe once.
// RUN: %sprigxx --scale -O2 %s -o %t.scale
// RUN: env SPRIG_SCALE_UNIT=instructions SPRIG_SCALE_OUT=%t.csv %t.scale
// RUN: FileCheck %s < %t.csv
// RUN: %python %S/Inputs/csv_check.py %t.csv '[t for t, _ in rows] == ["inner a", "inner, \"b\"", "c-api", "outer", "stopped", ""]' 'r["outer"]["work"] > r["inner a"]["work"] + r["inner, \"b\""]["work"] + r["c-api"]["work"]' 'r["inner a"]["parallelism"] > 10' 'r["stopped"]["parallelism"] == 1' 'r[""]["work"] >= r["outer"]["work"] + r["stopped"]["work"]'
// CHECK: tag,work,span,parallelism,burdened_span,burdened_parallelism
// CHECK-NEXT: inner a,
// CHECK-NEXT: "inner, ""b""",
// CHECK-NEXT: c-api,
// CHECK-NEXT: outer,
// CHECK-NEXT: stopped,
// CHECK-NEXT: {{^}},
#include <cstdio>
#include <sprig/scale.h>

#include "Inputs/fib.h"

__attribute__((noinline)) long serial_sum(long n) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += i ^ (s >> 3);
  return s;
}

long measured_in_c(int n) {
  sprig_wsp_t start = sprig_getworkspan();
  long r = fib(n);
  sprig_wsp_dump(sprig_wsp_sub(sprig_getworkspan(), start), "c-api");
  return r;
}

int main() {
  long a, b, c, d;
  {
    sprig::scale::probe outer("outer");
    {
      sprig::scale::probe p("inner a");
      a = fib(15);
    }
    {
      sprig::scale::probe p("inner, \"b\"");
      b = fib(12);
    }
    c = measured_in_c(10);
  }
  sprig::scale::probe s("stopped");
  d = serial_sum(100000);
  s.stop();
  s.stop();
  std::printf("%ld %ld %ld %ld\n", a, b, c, d);
}
