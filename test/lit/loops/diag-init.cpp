// The loop must declare its one variable with an initial value.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  int j;
  [[sprig::parallel_for]] for (j = 0; j < n; ++j) a[j] = 0; // expected-error {{'sprig::parallel_for' needs the loop to declare its one variable, with an initial value, in the init: 'for (T i = first; ...)'}}
  [[sprig::parallel_for]] for (int i = 0, k = 0; i < n; ++i) a[i] = k; // expected-error {{'sprig::parallel_for' needs the loop to declare its one variable}}
  [[sprig::parallel_for]] for (int i; i < n; ++i) a[i] = 0; // expected-error {{'sprig::parallel_for' needs the loop to declare its one variable}}
}
