// [[sprig::spawn]] on a return statement is an error that shows how to spawn into a
// variable, sync and return it.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

int spawn_return() {
  [[sprig::spawn]] return f(1); // expected-error {{'sprig::spawn' cannot spawn a return statement (write '[[sprig::spawn]] r = f(args); [[sprig::sync]]; return r;'); it spawns a function call: write}}
}
