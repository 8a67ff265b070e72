// A parallel loop inside a statement expression.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
int f(int n, int *a) {
  return ({ [[sprig::parallel_for]] for (int i = 0; i < n; ++i) a[i] = 0; 1; }); // expected-error {{'sprig::parallel_for' cannot be used inside a statement expression; use it in an ordinary statement}}
}
