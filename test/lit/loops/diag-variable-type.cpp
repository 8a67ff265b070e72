// The loop variable's type: no floating point, bool or reference.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, double *a) {
  [[sprig::parallel_for]] for (double x = 0; x < n; x += 0.5) a[0] = x; // expected-error {{'sprig::parallel_for' loop variable 'x' has type 'double'; it must be an integer, a pointer or a random-access iterator}}
  [[sprig::parallel_for]] for (bool b = false; b != true; ++b) a[0] = b; // expected-error {{loop variable 'b' has type 'bool'}} expected-error {{ISO C++17 does not allow incrementing expression of type bool}}
}
