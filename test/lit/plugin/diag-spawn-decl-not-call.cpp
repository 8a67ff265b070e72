// A spawned declaration needs an initializing function call.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

int not_a_call() {
  [[sprig::spawn]] int x = 3; // expected-error {{'sprig::spawn' on a declaration needs a variable initialized by a function call: '[[sprig::spawn]] T x = f(args);'}}
  return x;
}

int no_init() {
  [[sprig::spawn]] int y; // expected-error {{'sprig::spawn' on a declaration needs an initializing call: '[[sprig::spawn]] T x = f(args);'}}
  y = f(1);
  return y;
}
