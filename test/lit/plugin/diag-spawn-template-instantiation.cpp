// A spawn whose form depends on a template parameter is checked at each instantiation.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

template <class T> void t(T x) {
  [[sprig::spawn]] x = x + 1; // expected-error {{'sprig::spawn' cannot spawn an assignment whose right-hand side is not a function call}}
}

template void t<int>(int);
