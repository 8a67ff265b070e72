// __SPRIG__ (and __SPRIG_SCALE__ / __SPRIG_RACE__) are defined before clang reads the
// headers given with -include or -imacros: <sprig/sprig.h> reached that way uses the
// runtime, not its serial stubs. Before, the plugin appended its defines after those
// lines and such a header saw __SPRIG__ undefined.
// RUN: %sprigxx -fsyntax-only -include %S/Inputs/needs-sprig-macro.h %s
// RUN: %sprigxx -fsyntax-only -imacros %S/Inputs/needs-sprig-macro.h %s
// RUN: %sprigxx --scale -DSPRIG_EXPECT_SCALE -fsyntax-only -include %S/Inputs/needs-sprig-macro.h %s
// RUN: %sprigxx --race -DSPRIG_EXPECT_RACE -fsyntax-only -include %S/Inputs/needs-sprig-macro.h %s
// RUN: %sprigxx -O2 -DSPRIG_H_INCLUDED_BY_TEST -include sprig/sprig.h %s -o %t && env SPRIG_NWORKERS=3 %t | FileCheck %s
// A command-line -U still wins, as before:
// RUN: %sprigxx -U__SPRIG__ -fsyntax-only -DEXPECT_NO_SPRIG %s
// CHECK: workers=3
#include <cstdio>
#if defined(EXPECT_NO_SPRIG) && defined(__SPRIG__)
#error "-U__SPRIG__ did not undefine it"
#endif
#ifndef SPRIG_H_INCLUDED_BY_TEST
int main() { return 0; }
#else
int main() {
  std::printf("workers=%d\n", sprig_nworkers());
  return 0;
}
#endif
