// A call of a compiler builtin cannot be spawned; the error says so in both the
// statement form and the assignment form (not "not a function call").
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

void builtin() {
  [[sprig::spawn]] __builtin_trap(); // expected-error {{'sprig::spawn' cannot spawn a call of a compiler builtin; it spawns a function call: write}}
}

int builtin_assign(unsigned x) {
  int n;
  [[sprig::spawn]] n = __builtin_popcount(x); // expected-error {{'sprig::spawn' cannot spawn a call of a compiler builtin; it spawns a function call: write}}
  return n;
}
