// An iterator without the random-access operators.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
#include <list>
void f(std::list<int> &l) {
  [[sprig::parallel_for]] for (auto it = l.begin(); it != l.end(); ++it) *it = 0; // expected-error {{'sprig::parallel_for' loop variable 'it' has type 'iterator' (aka '_List_iterator<int>'); it must be an integer, a pointer or a random-access iterator}}
}
