// The loop variable's type in C: an integer or a pointer (C has no iterators); no
// floating point, _Bool or struct.
// RUN: %clangc -std=c23 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangc -std=gnu11 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
struct it {
  int k;
};
void f(int n, double *a) {
  [[sprig::parallel_for]] for (double x = 0; x < n; x += 0.5) a[0] = x; // expected-error {{'sprig::parallel_for' loop variable 'x' has type 'double'; it must be an integer or a pointer}}
  [[sprig::parallel_for]] for (_Bool b = 0; b != 1; ++b) a[0] = b; // expected-error-re {{loop variable 'b' has type '{{_Bool|bool}}'; it must be an integer or a pointer}}
  [[sprig::parallel_for]] for (struct it i = {0}; i.k < n; ++i.k) a[i.k] = 0; // expected-error {{'sprig::parallel_for' loop variable 'i' has type 'struct it'; it must be an integer or a pointer}}
  [[sprig::parallel_for]] for (int i = 0; i < n; i *= 2) a[i] = 0; // expected-error {{'sprig::parallel_for' needs the increment to be '++i', 'i++', '--i', 'i--', 'i += step' or 'i -= step'}}
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) { // a break ends the loop (no error)
    if (a[i] < 0)
      break;
  }
  [[sprig::parallel_for]] for (long *p = (long *)a; p < (long *)a + n; ++p) *p = 0;
}
