// Without its namespace the attribute is not Sprig's: Clang's usual warning, and nothing changes.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void zero(void *);
void plus(void *, void *);
[[reducer(zero, plus)]] long a;  // expected-warning {{unknown attribute 'reducer' ignored}}
