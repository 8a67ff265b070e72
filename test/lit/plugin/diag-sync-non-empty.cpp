// [[sprig::sync]] applies only to an empty statement; on a statement or a declaration
// it is an error that says where to put it.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void on_call() {
  [[sprig::sync]] f(1); // expected-error {{'sprig::sync' applies to an empty statement; write '[[sprig::sync]];' before this statement instead}}
}

void on_decl() {
  [[sprig::sync]] int z = 0; // expected-error {{'sprig::sync' applies to an empty statement, not to a declaration; write '[[sprig::sync]];' on a line of its own}}
  (void)z;
}
