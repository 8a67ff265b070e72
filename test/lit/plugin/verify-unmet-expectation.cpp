// With the plugin loaded, -verify must still fail when an expected diagnostic is not
// produced (the plugin's diagnostic consumer must not hide the verifier's result).
// RUN: not %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %S/Inputs/verify-unmet-expectation.cpp
// RUN: not %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void g() {
  [[sprig::spawn]] f(1); // expected-error {{no such error: the spawn is valid}}
}
