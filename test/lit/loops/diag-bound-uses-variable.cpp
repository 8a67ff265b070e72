// The bound is evaluated once: it cannot use the variable.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  [[sprig::parallel_for]] for (int i = 0; i < n - i; ++i) a[i] = 0; // expected-error {{'sprig::parallel_for' evaluates the bound once, before the first iteration: it cannot use the loop variable 'i'}}
}
