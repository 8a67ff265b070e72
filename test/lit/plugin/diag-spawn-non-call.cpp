// [[sprig::spawn]] on an expression statement that is not a function call (an
// assignment of a non-call, an arithmetic expression) is an error that names the
// attribute and lists the accepted forms.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void assign_non_call(int x, int y) {
  [[sprig::spawn]] x = y + 1; // expected-error {{'sprig::spawn' cannot spawn an assignment whose right-hand side is not a function call; it spawns a function call: write '[[sprig::spawn]] f(args);', '[[sprig::spawn]] x = f(args);' or '[[sprig::spawn]] T x = f(args);'}}
}

void call_plus_one(int x) {
  // The right-hand side contains a call, but is not one.
  [[sprig::spawn]] x = f(1) + 1; // expected-error {{'sprig::spawn' cannot spawn an assignment whose right-hand side is not a function call; it spawns a function call: write}}
}

void arithmetic(int n) {
  [[sprig::spawn]] n + 1; // expected-error {{'sprig::spawn' cannot spawn this expression; it spawns a function call: write '[[sprig::spawn]] f(args);'}} \
                          // expected-warning {{expression result unused}}
}

void comma(int n) {
  [[sprig::spawn]] f(1), f(2); // expected-error {{'sprig::spawn' cannot spawn this expression; it spawns a function call: write}}
}
