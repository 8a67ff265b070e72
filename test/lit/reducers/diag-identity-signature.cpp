// The identity must be 'void f(void *)'.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
long zero_wrong(void *);
void plus(void *, void *);
[[sprig::reducer(zero_wrong, plus)]] long a;  // expected-error {{the identity of 'sprig::reducer' must be a function 'void zero_wrong(void *view)' that constructs the identity at view; zero_wrong has type 'long (void *)'}}
