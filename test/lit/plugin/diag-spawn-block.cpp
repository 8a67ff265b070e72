// [[sprig::spawn]] on a block is an error that suggests spawning a lambda instead.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void block() {
  [[sprig::spawn]] { // expected-error {{'sprig::spawn' cannot spawn a block (to run a block in parallel, spawn a lambda: '[[sprig::spawn]] [&] { ... }();'); it spawns a function call: write}}
    f(1);
    f(2);
  }
}
