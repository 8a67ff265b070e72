// A lambda with a parallel loop is constexpr only because it could be (C++17): it
// compiles, and a constant evaluation of it fails with the usual error (the loop's marker
// is not constexpr) rather than running part of the loop.
// (Its notes, one of them at the marker without a location, are not matched.)
// RUN: %clangxx -std=c++20 -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note \
// RUN:   -fplugin=%plugin -I%sprig_inc %s
constexpr auto k = [](int n) {
  int s = 0;
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) s += 0;
  return s;
};
static_assert(k(3) == 0); // expected-error {{static assertion expression is not an integral constant expression}}
