// The body changes the loop variable.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) {
    a[i] = 0;
    i += 1; // expected-error {{'sprig::parallel_for' body cannot change the loop variable 'i' (each iteration has its own); use a copy}}
  }
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) a[i++] = 0; // expected-error {{body cannot change the loop variable 'i'}}
}
