/* sprig_cancel() and sprig_cancelled() in C (sprig/cancel.h): children spawned after a
 * cancel see it, grandchildren too, the next epoch and the cancelling function's own code
 * do not; a cancel before the first spawn. In the serial elision (gcc) nothing is
 * cancelled: each line compares what it saw with what the build promises.
 * Compared with the serial elision at -O0..-O3, P = 1, 2, 4, 8.
 * RUN: %run_opts_c %s %t -I%sprig_inc | FileCheck %s
 * CHECK: epochs: ok
 * CHECK: early: ok
 * CHECK: grandchildren: ok
 */
#include <sprig/cancel.h>
#include <stdio.h>

#if defined(__SPRIG__)
#define CANCELS 1
#else
#define CANCELS 0
#endif

static int probe(void) { return sprig_cancelled(); }

static int epochs(void) {
  int before = 1, after[5] = {0}, later = 1;
  [[sprig::spawn]] before = probe();
  [[sprig::sync]];
  sprig_cancel();
  for (int i = 0; i < 5; ++i) {
    [[sprig::spawn]] after[i] = probe();
  }
  int own = sprig_cancelled();
  [[sprig::sync]];
  [[sprig::spawn]] later = probe();
  [[sprig::sync]];
  int ok = !before && !own && !later;
  for (int i = 0; i < 5; ++i)
    ok = ok && after[i] == CANCELS;
  return ok;
}

static int early(void) {
  sprig_cancel();
  int a = 0;
  [[sprig::spawn]] a = probe();
  [[sprig::sync]];
  return a == CANCELS;
}

static int child_of_child(void) {
  int a = 0;
  [[sprig::spawn]] a = probe();
  [[sprig::sync]];
  return a;
}
static int grandchildren(void) {
  int seen = 0;
  sprig_cancel();
  [[sprig::spawn]] seen = child_of_child();
  [[sprig::sync]];
  return seen == CANCELS;
}

int main(void) {
  int ok = 1;
  for (int i = 0; i < 20; ++i)
    ok = ok && epochs();
  printf("epochs: %s\n", ok ? "ok" : "BAD");
  printf("early: %s\n", early() ? "ok" : "BAD");
  printf("grandchildren: %s\n", grandchildren() ? "ok" : "BAD");
  return 0;
}
