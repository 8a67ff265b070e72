// A lambda cannot capture a local reducer by reference (it would keep one strand's view).
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void zero(void *);
void plus(void *, void *);
long f(int n) {
  [[sprig::reducer(zero, plus)]] long s = 0;
  auto add = [&](long x) { s += x; };  // expected-error {{a lambda cannot capture reducer variable 's' by reference: it would keep the view of the strand that made it; name a reducer at namespace scope, or capture a 'sprig::reducer<Monoid> &'}}
  auto byname = [&s]() { s += 1; };  // expected-error {{a lambda cannot capture reducer variable 's' by reference}}
  auto copy = [s]() { return s; };  // a copy of the value: fine
  for (int i = 0; i < n; ++i)
    add(i);
  byname();
  return copy();
}
