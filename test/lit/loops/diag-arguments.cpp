// parallel_for takes no arguments.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  [[sprig::parallel_for(4)]] for (int i = 0; i < n; ++i) a[i] = 0; // expected-error {{'sprig::parallel_for' takes no arguments; write '[[sprig::parallel_for]]'}}
}
