// A range-based for loop.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void f(int (&a)[8]) {
  [[sprig::parallel_for]] for (int &x : a) x = 0; // expected-error {{'sprig::parallel_for' does not take a range-based for loop; iterate over an index or an iterator: 'for (auto it = c.begin(); it != c.end(); ++it)'}}
}
