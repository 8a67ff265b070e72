// [[sprig::allow_thread_bound]] applies to a statement or a local variable's declaration
// and takes no arguments; elsewhere it is an error that says where it goes.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
int f(int);

[[sprig::allow_thread_bound]] int global; // expected-error {{'sprig::allow_thread_bound' applies to a statement or a local variable's declaration (the one a -Wsprig-lock-across-spawn or -Wsprig-thread-identity warning points at), not to this declaration}}

[[sprig::allow_thread_bound]] void fn(); // expected-error {{'sprig::allow_thread_bound' applies to a statement or a local variable's declaration}}

void param([[sprig::allow_thread_bound]] int p); // expected-error {{'sprig::allow_thread_bound' applies to a statement or a local variable's declaration}}

void args() {
  [[sprig::allow_thread_bound(1)]] f(1); // expected-error {{'sprig::allow_thread_bound' takes no arguments; write '[[sprig::allow_thread_bound]]'}}
  [[sprig::allow_thread_bond]] f(2); // expected-error {{unknown attribute 'sprig::allow_thread_bond'; did you mean 'sprig::allow_thread_bound'?}}
}

void fine() {
  [[sprig::allow_thread_bound]] int local = f(1);
  [[sprig::allow_thread_bound]] f(local);
  [[sprig::allow_thread_bound]] { f(2); }
}
