// A spawned call's result cannot be assigned to a bit-field (no address for the child
// to write through); the error says to spawn into a temporary.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
int f(int);
struct S {
  int bits : 4;
  int whole;
};
void g(S &s) {
  [[sprig::spawn]] s.bits = f(1); // expected-error {{'sprig::spawn' cannot assign the result to a bit-field; spawn into a temporary ('[[sprig::spawn]] T t = f(args);') and copy it after the sync}}
  [[sprig::spawn]] s.whole = f(2);
  [[sprig::sync]];
}
template <typename T> void h(T &t) {
  [[sprig::spawn]] t.bits = f(3); // expected-error {{'sprig::spawn' cannot assign the result to a bit-field}}
  [[sprig::sync]];
}
template void h<S>(S &);
struct S2 {
  int bits : 3;
};
template void h<S2>(S2 &);  // same location: reported once
