// [[sprig::spawn]] on a compound assignment `x op= f(args)` is accepted for every
// compound operator, builtin and overloaded (no diagnostic on those lines); the forms
// that stay invalid are errors that name the attribute and the fix, as for `x = f(args)`:
// a right-hand side that is not a call, a call of a compiler builtin, a bit-field target,
// the compound assignment inside a larger expression, in a catch handler.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

#include <string>

int f(int);
double d(int);
std::string g(int);
struct S {
  int bits : 4;
  int whole;
};
struct V {
  long v;
  V &operator-=(V o);
};
V operator*=(V &a, const V &b);
V mk(int);

void accepted(int x, unsigned u, double y, int *p, std::string &s, S &st, V &v, int *arr) {
  [[sprig::spawn]] x += f(1);
  [[sprig::spawn]] x -= f(2);
  [[sprig::spawn]] x *= f(3);
  [[sprig::spawn]] x /= f(4);
  [[sprig::spawn]] x %= f(5);
  [[sprig::spawn]] u <<= f(6);
  [[sprig::spawn]] u >>= f(7);
  [[sprig::spawn]] u &= f(8);
  [[sprig::spawn]] u |= f(9);
  [[sprig::spawn]] u ^= f(10);
  [[sprig::spawn]] y += f(11);              // converted in the child
  [[sprig::spawn]] x += (int)d(12);         // an explicit cast of the result
  [[sprig::spawn]] p += f(13);              // pointer arithmetic
  [[sprig::spawn]] (x) += f(14);            // parenthesized target
  [[sprig::spawn]] arr[f(1)] += f(15);      // the index is evaluated in the parent
  [[sprig::spawn]] st.whole += f(16);
  [[sprig::spawn]] s += g(17);              // member operator+=
  [[sprig::spawn]] v -= mk(18);             // member operator-=, argument by value
  [[sprig::spawn]] v *= mk(19);             // free operator*=
  [[sprig::sync]];
}

template <typename T> void dependent(T &t) {
  [[sprig::spawn]] t += f(20);
  [[sprig::sync]];
}
template void dependent<int>(int &);
template void dependent<std::string>(std::string &);  // std::string += int: a char

void rejected(int x, unsigned u) {
  [[sprig::spawn]] x += x + 1; // expected-error {{'sprig::spawn' cannot spawn a compound assignment whose right-hand side is not a function call; it spawns a function call: write}}
  [[sprig::spawn]] x *= f(1) + 1; // expected-error {{'sprig::spawn' cannot spawn a compound assignment whose right-hand side is not a function call}}
  [[sprig::spawn]] x += __builtin_popcount(u); // expected-error {{'sprig::spawn' cannot spawn a call of a compiler builtin; it spawns a function call: write}}
  [[sprig::spawn]] (x += f(3)) += 1; // expected-error {{'sprig::spawn' cannot spawn a compound assignment whose right-hand side is not a function call}}
  [[sprig::spawn]] x += f(4), x -= f(5); // expected-error {{'sprig::spawn' cannot spawn this expression; it spawns a function call: write}}
  [[sprig::sync]];
}

// (The complete form is checked once the function's other spawns passed.)
void bitfield(S &st) {
  [[sprig::spawn]] st.bits += f(2); // expected-error {{'sprig::spawn' cannot assign the result to a bit-field; spawn into a temporary ('[[sprig::spawn]] T t = f(args);') and copy it after the sync}}
  [[sprig::sync]];
}

void in_catch(int x) {
  try {
    x = f(0);
  } catch (...) {
    [[sprig::spawn]] x += f(1); // expected-error {{'sprig::spawn' cannot be used inside a catch handler}}
  }
}

void overloaded_not_call(std::string &s, std::string &t) {
  [[sprig::spawn]] s += t; // expected-error {{'sprig::spawn' cannot spawn a compound assignment whose right-hand side is not a function call}}
  [[sprig::sync]];
}
