// break out of the loop (a break inside an inner loop or switch is fine).
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) {
    for (int j = 0; j < 3; ++j)
      if (j == 1) break;
    switch (i) { case 1: break; }
    if (a[i]) break; // expected-error {{'sprig::parallel_for' iterations cannot 'break' out of the loop (they may run in parallel); skip the rest of an iteration with 'continue' instead}}
  }
}
