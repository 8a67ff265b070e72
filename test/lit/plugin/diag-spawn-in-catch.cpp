// A spawn inside a catch handler is rejected: the handled exception lives on the
// handler's thread (the C++ runtime keeps caught exceptions per thread), and the
// continuation could end the handler on another. The message says how to restructure.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
#include <stdexcept>
int f(int);
int g() {
  int x = 0;
  try {
    throw std::runtime_error("x");
  } catch (std::exception &) {
    [[sprig::spawn]] x = f(1); // expected-error {{'sprig::spawn' cannot be used inside a catch handler (the exception being handled belongs to one thread); keep what you need from it, leave the handler, and spawn after it}}
    [[sprig::sync]];
  }
  return x;
}
