// grainsize without parallel_for (on a for loop, and on another statement).
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  [[sprig::grainsize(8)]] for (int i = 0; i < n; ++i) a[i] = 0; // expected-error {{'sprig::grainsize' applies only to a loop marked '[[sprig::parallel_for]]'; write '[[sprig::parallel_for]] [[sprig::grainsize(N)]] for (...)'}}
  int i = 0;
  [[sprig::grainsize(8)]] while (i < n) a[i++] = 0; // expected-error {{'sprig::grainsize' applies only to a loop marked '[[sprig::parallel_for]]'}}
}
