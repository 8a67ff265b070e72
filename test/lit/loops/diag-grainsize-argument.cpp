// grainsize needs exactly one argument.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  [[sprig::parallel_for]] [[sprig::grainsize]] for (int i = 0; i < n; ++i) a[i] = 0; // expected-error {{'sprig::grainsize' takes one argument, the number of iterations a leaf of the loop runs: '[[sprig::grainsize(64)]]'}}
  [[sprig::parallel_for]] [[sprig::grainsize(1, 2)]] for (int i = 0; i < n; ++i) a[i] = 0; // expected-error {{'sprig::grainsize' takes one argument}}
}
