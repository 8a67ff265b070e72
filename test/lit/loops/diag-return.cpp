// return from inside the body (a lambda's return is fine).
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
int f(int n, int *a) {
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) {
    auto g = [] { return 1; };
    if (a[i] == g()) return i; // expected-error {{'sprig::parallel_for' iterations cannot 'return' from the function; record the result in a variable and return after the loop}}
  }
  return -1;
}
