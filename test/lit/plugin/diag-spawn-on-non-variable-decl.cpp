// [[sprig::spawn]] on a function declaration or a field is an error.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

[[sprig::spawn]] void h(); // expected-error {{'sprig::spawn' applies to a statement that calls a function (f(args); x = f(args); or T x = f(args);), not to this declaration}}

struct S {
  [[sprig::spawn]] int m = f(1); // expected-error {{'sprig::spawn' applies to a statement that calls a function (f(args); x = f(args); or T x = f(args);), not to this declaration}}
};
