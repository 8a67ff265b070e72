// References, const and volatile objects cannot be reducers.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void zero(void *);
void plus(void *, void *);
long x;
[[sprig::reducer(zero, plus)]] long &r = x;  // expected-error {{'sprig::reducer' cannot apply to a variable of reference type 'long &'; declare a non-const object}}
[[sprig::reducer(zero, plus)]] const long c = 0;  // expected-error {{'sprig::reducer' cannot apply to a variable of const type 'const long'}}
[[sprig::reducer(zero, plus)]] volatile long v;  // expected-error {{'sprig::reducer' cannot apply to a variable of volatile type 'volatile long'}}
