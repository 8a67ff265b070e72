// goto a label outside the body (a goto within the body is fine).
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int n, int *a) {
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) {
    if (a[i] == 1) goto inside;
    if (a[i] == 2) goto out; // expected-error {{'sprig::parallel_for' iterations cannot 'goto' a label outside the loop body}}
  inside:
    a[i] = 0;
  }
out:
  a[0] = 1;
}
