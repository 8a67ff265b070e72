// The reduce function must be 'void f(void *, void *)'.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void zero(void *);
void plus_wrong(long *, long *);
[[sprig::reducer(zero, plus_wrong)]] long a;  // expected-error {{the reduce function of 'sprig::reducer' must be a function 'void plus_wrong(void *left, void *right)' that sets *left = *left OP *right and destroys *right; plus_wrong has type 'void (long *, long *)'}}
