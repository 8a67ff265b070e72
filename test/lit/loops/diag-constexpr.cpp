// A parallel loop in a constexpr or consteval function is an error; in a lambda that is
// constexpr only because it could be (C++17), it is fine (constexpr-lambda.cpp).
// RUN: %clangxx -std=c++20 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
constexpr int f(int n) {
  int s = 0;
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) s += 0; // expected-error {{'sprig::parallel_for' cannot be used in a constexpr or consteval function; use a plain for loop there}}
  return s;
}
consteval int g(int n) {
  int s = 0;
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) s += 0; // expected-error {{'sprig::parallel_for' cannot be used in a constexpr or consteval function}}
  return s;
}
void fill(long *o) {
  auto h = [](long n, long *p) {
    [[sprig::parallel_for]] for (long i = 0; i < n; ++i) p[i] = i;
  };
  h(4, o);
}
