// A spawned call may not be given a reducer's address or a reference to it (the child would update the parent's view); its value is fine.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
#include <string>
void zero(void *);
void plus(void *, void *);
void szero(void *);
void scat(void *, void *);
[[sprig::reducer(zero, plus)]] long sum;
[[sprig::reducer(szero, scat)]] std::string str;
void by_ref(long &);
void by_ptr(long *);
long by_value(long);
void f() {
  [[sprig::spawn]] by_ref(sum);  // expected-error {{reducer variable 'sum' cannot be passed by reference or address to a spawned call: the child would update the parent's view (a race); spawn a function that names 'sum' itself, or pass a 'sprig::reducer<Monoid> &'}}
  [[sprig::spawn]] by_ptr(&sum);  // expected-error {{reducer variable 'sum' cannot be passed by reference or address to a spawned call}}
  [[sprig::spawn]] str.append("x");  // expected-error {{reducer variable 'str' cannot be passed by reference or address to a spawned call}}
  long v;
  [[sprig::spawn]] v = by_value(sum);
  [[sprig::sync]];
}
