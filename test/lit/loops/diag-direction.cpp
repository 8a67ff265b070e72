// A condition and an increment that go opposite ways.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  [[sprig::parallel_for]] for (int i = 0; i < n; --i) a[i] = 0; // expected-error {{'sprig::parallel_for' condition and increment go opposite ways (the loop would not end); count up with '<' or '<=', down with '>' or '>='}}
  [[sprig::parallel_for]] for (int i = n; i > 0; i += 1) a[i] = 0; // expected-error {{condition and increment go opposite ways}}
}
