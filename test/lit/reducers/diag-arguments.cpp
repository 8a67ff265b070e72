// 'sprig::reducer' needs two arguments: none, one and three are errors.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void zero(void *);
void plus(void *, void *);
[[sprig::reducer]] long a;  // expected-error {{'sprig::reducer' takes two arguments, the function that constructs the identity and the one that reduces: '[[sprig::reducer(zero, plus)]]' with 'void zero(void *view)' and 'void plus(void *left, void *right)'}}
[[sprig::reducer(zero)]] long b;  // expected-error {{'sprig::reducer' takes two arguments}}
[[sprig::reducer(zero, plus, zero)]] long c;  // expected-error {{'sprig::reducer' takes two arguments}}
