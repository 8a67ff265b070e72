// The increment must be ++, --, += or -= of the variable.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  int j = 0;
  [[sprig::parallel_for]] for (int i = 1; i < n; i *= 2) a[i] = 0; // expected-error {{'sprig::parallel_for' needs the increment to be '++i', 'i++', '--i', 'i--', 'i += step' or 'i -= step'}}
  [[sprig::parallel_for]] for (int i = 0; i < n; ++j) a[i] = 0; // expected-error {{needs the increment to be '++i'}}
  [[sprig::parallel_for]] for (int i = 0; i < n;) a[i++] = 0; // expected-error {{needs the increment to be '++i'}}
}
