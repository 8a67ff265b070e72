// In a template the form is checked on each instantiation: an iterator type without random access is an error (naming the type), a vector's is fine.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
#include <list>
#include <vector>
template <class C> void zero(C &c) {
  [[sprig::parallel_for]] for (auto it = c.begin(); it != c.end(); ++it) *it = 0; // expected-error {{loop variable 'it' has type 'iterator' (aka '_List_iterator<int>')}}
}
void f(std::vector<int> &v, std::list<int> &l) {
  zero(v);
  zero(l);
}
