// A parallel loop in a constexpr function.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
constexpr int f(int n) {
  int s = 0;
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) s += 0; // expected-error {{'sprig::parallel_for' cannot be used in a constexpr or consteval function; use a plain for loop there}}
  return s;
}
