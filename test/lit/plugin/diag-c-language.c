// In C (C23 attribute syntax) Sprig's attributes are not available; the error must say
// so, not "unknown attribute 'sprig::spawn'; did you mean 'sprig::spawn'?".
// RUN: %clangxx -x c -std=c23 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

int g(void) {
  int a;
  [[sprig::spawn]] a = f(1); // expected-error-re {{'sprig::spawn' {{.*}}C++}}
  [[sprig::sync]];           // expected-error-re {{'sprig::sync' {{.*}}C++}}
  return a;
}
