// Static locals, thread_local variables and static data members cannot be reducers.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void zero(void *);
void plus(void *, void *);
[[sprig::reducer(zero, plus)]] thread_local long t;  // expected-error {{'sprig::reducer' cannot apply to a thread_local variable; declare it at namespace scope or as an ordinary local}}
struct S {
  [[sprig::reducer(zero, plus)]] static long m;  // expected-error {{'sprig::reducer' cannot apply to a static data member variable}}
};
void f() {
  [[sprig::reducer(zero, plus)]] static long s;  // expected-error {{'sprig::reducer' cannot apply to a static local variable}}
}
