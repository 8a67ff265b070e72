// [[sprig::scope]] applies to a block only; with arguments, on a declaration or on any
// other statement it is an error that names the attribute and the fix.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

[[sprig::scope]] int global; // expected-error {{'sprig::scope' applies to a block; write '[[sprig::scope]] { ... }' around the statements whose children it waits for}}

void misuse(int n) {
  [[sprig::scope]] f(1); // expected-error {{'sprig::scope' applies to a block; write '[[sprig::scope]] { ... }'}}
  [[sprig::scope]] for (int i = 0; i < n; ++i) { // expected-error {{'sprig::scope' applies to a block}}
    [[sprig::spawn]] f(i);
  }
  [[sprig::scope]] if (n) { f(2); } // expected-error {{'sprig::scope' applies to a block}}
  [[sprig::scope]]; // expected-error {{'sprig::scope' applies to a block}}
  [[sprig::scope]] int x = f(3); // expected-error {{'sprig::scope' applies to a block}}
  [[sprig::scope(1)]] { f(4); } // expected-error {{'sprig::scope' takes no arguments; write '[[sprig::scope]]'}}
  (void)x;
}
