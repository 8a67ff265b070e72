// A spawned declaration with two declarators is an error: one spawned variable per
// statement.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

int two() {
  [[sprig::spawn]] int a = f(1), b = f(2); // expected-error {{'sprig::spawn' spawns one declaration at a time; declare each spawned variable in its own statement}}
  return a + b;
}
