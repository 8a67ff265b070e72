// A spawned structured binding is an error that says to spawn into a variable and
// unpack it after the sync.
// RUN: %clangxx -std=c++17 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

struct P { int a, b; };
P f(int);

int binding() {
  [[sprig::spawn]] auto [a, b] = f(1); // expected-error {{'sprig::spawn' does not support structured bindings; write '[[sprig::spawn]] auto t = f(args);' and unpack 't' after the sync}}
  return a + b;
}
