// A parallel_for on a statement that is not a for loop.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  int i = 0;
  [[sprig::parallel_for]] while (i < n) a[i++] = 0; // expected-error {{'sprig::parallel_for' applies to a for loop: write '[[sprig::parallel_for]] for (T i = first; i < last; ++i) body'}}
}
