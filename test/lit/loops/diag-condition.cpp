// The condition must compare the variable with a bound.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
bool more(int);
void f(int n, int *a) {
  [[sprig::parallel_for]] for (int i = 0; more(i); ++i) a[i] = 0; // expected-error {{'sprig::parallel_for' needs a condition that compares the loop variable 'i' with '<', '<=', '>', '>=' or '!=' to a bound: 'i < n'}}
  [[sprig::parallel_for]] for (int i = 0; i == n; ++i) a[i] = 0; // expected-error {{needs a condition that compares the loop variable 'i'}}
  [[sprig::parallel_for]] for (int i = 0; n > 3; ++i) a[i] = 0; // expected-error {{needs a condition that compares the loop variable 'i'}}
  [[sprig::parallel_for]] for (int i = 0; ; ++i) a[i] = 0; // expected-error {{needs a condition that compares the loop variable 'i'}}
}
