// Cilk names in macros and preprocessor conditions stay and are reported (sprig-port
// converts code, not macros; Sprig defines no __cilk), as do other Cilk pragmas and Cilk
// headers without a Sprig equivalent. Exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-directives.cpp:[[@LINE+8]]: #include <cilk/holder.h>: Sprig has no such header; remove it and convert what it provided by hand
// ERR-NEXT: leftover-directives.cpp:[[@LINE+8]]: Cilk names in a preprocessor directive (cilk_spawn): sprig-port converts code, not macros or conditions; convert this directive by hand
// ERR-NEXT: leftover-directives.cpp:[[@LINE+8]]: Cilk names in a preprocessor directive (__cilk)
// ERR-NEXT: leftover-directives.cpp:[[@LINE+11]]: #pragma cilk unknown_thing: Sprig has no equivalent; remove it
// ERR-NOT: leftover-directives.cpp
// OUT: {{^}}#define SPAWN cilk_spawn{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] f();{{$}}
#include <cilk/cilk.h>
#include <cilk/holder.h>
#define SPAWN cilk_spawn
#if defined(__cilk)
#endif
void f();
void g() {
#pragma cilk unknown_thing
  cilk_spawn f();
  cilk_sync;
}
