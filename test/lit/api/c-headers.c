// Sprig's public headers compile as C, in every C standard from C11, warning-free under
// -pedantic: <sprig/sprig.h> (the serial stubs without the plugin, the runtime's
// declarations with it), <sprig/scale.h> (the probes) and <sprig/reducer.h> (the C
// interface of reducers); with sprigcc, gcc and plain clang.
// RUN: %clangc -std=c11 -pedantic -Wall -Wextra -Werror -fsyntax-only -I%sprig_inc %s
// RUN: %clangc -std=c17 -pedantic -Wall -Wextra -Werror -fsyntax-only -I%sprig_inc %s
// RUN: %clangc -std=c23 -pedantic -Wall -Wextra -Werror -fsyntax-only -I%sprig_inc %s
// RUN: %clangc -std=gnu17 -Wall -Wextra -Werror -fsyntax-only -I%sprig_inc %s
// RUN: %sprigcc -std=c11 -pedantic -Wall -Wextra -Werror -fsyntax-only %s
// RUN: %sprigcc -std=c23 -pedantic -Wall -Wextra -Werror -fsyntax-only %s
// RUN: %sprigcc -std=gnu11 -Wall -Wextra -Werror -O2 %s -o %t.par
// RUN: env SPRIG_NWORKERS=2 %t.par | FileCheck %s
// CHECK: nworkers 2 worker -1 set -1 view ok probes ok
#include <sprig/reducer.h>
#include <sprig/scale.h>
#include <sprig/sprig.h>
#include <stdio.h>

static void zero(void *v) { *(long *)v = 0; }
static void plus(void *l, void *r) { *(long *)l += *(long *)r; }

int main(void) {
  long sum = 5;
  long *view = sprig_reducer_view(&sum, sizeof sum, _Alignof(long), zero, plus);
  sprig_wsp_t start = sprig_getworkspan();
  sprig_wsp_t d = sprig_wsp_sub(sprig_getworkspan(), start);
  (void)d;
  printf("nworkers %d worker %d set %d view %s probes ok\n", sprig_nworkers(),
         sprig_worker_id(), sprig_set_nworkers(0), *view == 5 ? "ok" : "wrong");
  return 0;
}
