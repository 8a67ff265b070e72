// grainsize needs an integer.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a, double g) {
  [[sprig::parallel_for]] [[sprig::grainsize(g)]] for (int i = 0; i < n; ++i) a[i] = 0; // expected-error {{'sprig::grainsize' needs an integer expression, not 'double': '[[sprig::grainsize(64)]]'}}
}
