// The reducer rules in C, with C's wording (file scope, a struct member; no
// sprig::reducer<Monoid> to suggest): members, parameters and functions, static and
// thread-local locals, a const variable, callbacks of the wrong type, and a reducer
// passed by address to a spawned call.
// RUN: %clangc -std=c23 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangc -std=gnu17 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void zero(void *);
void plus(void *, void *);
int bad_zero(long *);
void use(long *);
void take(long);

struct S {
  [[sprig::reducer(zero, plus)]] long field; // expected-error {{'sprig::reducer' applies to a variable at file scope or a local variable, not to a struct member, a parameter or a function}}
};
void g([[sprig::reducer(zero, plus)]] long p); // expected-error {{'sprig::reducer' applies to a variable at file scope or a local variable, not to a struct member}}
[[sprig::reducer(zero, plus)]] void h(void); // expected-error {{'sprig::reducer' applies to a variable at file scope or a local variable, not to a struct member}}
[[sprig::reducer(zero, plus)]] const long c = 0; // expected-error {{'sprig::reducer' cannot apply to a variable of const type 'const long'; declare a non-const object}}
[[sprig::reducer(bad_zero, plus)]] long b; // expected-error {{the identity of 'sprig::reducer' must be a function 'void bad_zero(void *view)'}}
[[sprig::reducer(zero)]] long one; // expected-error {{'sprig::reducer' takes two arguments}}
[[sprig::reducer(zero, plus)]] long sum;

void locals(void) {
  [[sprig::reducer(zero, plus)]] static long s; // expected-error {{'sprig::reducer' cannot apply to a static local variable; declare it at file scope or as an ordinary local}}
  [[sprig::reducer(zero, plus)]] _Thread_local static long t; // expected-error {{'sprig::reducer' cannot apply to a thread-local variable; declare it at file scope or as an ordinary local}}
}

void spawned(void) {
  [[sprig::spawn]] use(&sum); // expected-error {{reducer variable 'sum' cannot be passed by address to a spawned call: the child would update the parent's view (a race); spawn a function that names 'sum' itself}}
  [[sprig::spawn]] take(sum);
  [[sprig::sync]];
}
