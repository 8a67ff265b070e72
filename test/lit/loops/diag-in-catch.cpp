// A parallel loop inside a catch handler.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void g();
void f(int n, int *a) {
  try {
    g();
  } catch (...) {
    [[sprig::parallel_for]] for (int i = 0; i < n; ++i) a[i] = 0; // expected-error {{'sprig::parallel_for' cannot be used inside a catch handler (the exception being handled belongs to one thread); leave the handler, then run the loop}}
  }
}
