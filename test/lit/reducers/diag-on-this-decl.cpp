// Parameters, members and functions cannot be reducers.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void zero(void *);
void plus(void *, void *);
struct S {
  [[sprig::reducer(zero, plus)]] long field;  // expected-error {{'sprig::reducer' applies to a variable at namespace scope or a local variable; for a class member or a value passed to functions use 'sprig::reducer<Monoid>' from <sprig/reducer.h>}}
};
void g([[sprig::reducer(zero, plus)]] long p);  // expected-error {{'sprig::reducer' applies to a variable at namespace scope or a local variable}}
[[sprig::reducer(zero, plus)]] void h();  // expected-error {{'sprig::reducer' applies to a variable at namespace scope or a local variable}}
