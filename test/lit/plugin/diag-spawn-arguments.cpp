// [[sprig::spawn]] takes no arguments: any argument list is an error, not silently
// dropped.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void args() {
  [[sprig::spawn(2)]] f(1); // expected-error {{'sprig::spawn' takes no arguments; write '[[sprig::spawn]]'}}
}

void string_arg() {
  [[sprig::spawn("fast")]] f(1); // expected-error {{'sprig::spawn' takes no arguments; write '[[sprig::spawn]]'}}
}

void decl_args() {
  [[sprig::spawn(1, 2)]] int x = f(1); // expected-error {{'sprig::spawn' takes no arguments; write '[[sprig::spawn]]'}}
  (void)x;
}
