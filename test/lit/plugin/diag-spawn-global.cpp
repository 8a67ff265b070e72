// [[sprig::spawn]] on a variable that is not a local of automatic storage is an error:
// at namespace scope, as a static data member, as a static or thread_local local.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

[[sprig::spawn]] int global = f(1); // expected-error {{'sprig::spawn' on a declaration needs a local variable of automatic storage: '[[sprig::spawn]] T x = f(args);' inside a function}}

namespace ns {
int in_namespace [[sprig::spawn]] = f(2); // expected-error {{'sprig::spawn' on a declaration needs a local variable of automatic storage}}
}

struct S {
  [[sprig::spawn]] static inline int member = f(3); // expected-error {{'sprig::spawn' on a declaration needs a local variable of automatic storage}}
};

void locals() {
  [[sprig::spawn]] static int s = f(4);       // expected-error {{'sprig::spawn' on a declaration needs a local variable of automatic storage}}
  [[sprig::spawn]] thread_local int t = f(5); // expected-error {{'sprig::spawn' on a declaration needs a local variable of automatic storage}}
}
