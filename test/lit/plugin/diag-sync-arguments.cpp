// [[sprig::sync]] takes no arguments: any argument list is an error, not silently
// dropped.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

void args() {
  [[sprig::sync(1)]]; // expected-error {{'sprig::sync' takes no arguments; write '[[sprig::sync]]'}}
}

void empty_parens() {
  [[sprig::sync()]]; // expected-error {{'sprig::sync' takes no arguments; write '[[sprig::sync]]'}}
}
