// The arguments must name functions.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void zero(void *);
int not_a_function;
[[sprig::reducer(zero, not_a_function)]] long a;  // expected-error {{the reduce function of 'sprig::reducer' must be a function 'void the argument(void *left, void *right)'}}
