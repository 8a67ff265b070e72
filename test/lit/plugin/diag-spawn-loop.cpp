// [[sprig::spawn]] on a loop is an error (spawn the call in the loop body instead). The
// message must name the statement as written ('for', 'while'), not Clang's AST class.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void spawn_for(int n) {
  [[sprig::spawn]] for (int i = 0; i < n; ++i) f(i); // expected-error {{'sprig::spawn' cannot spawn a 'for' loop (spawn the call in its body instead); it spawns a function call: write}}
}

void spawn_while(int n) {
  [[sprig::spawn]] while (n--) f(n); // expected-error {{'sprig::spawn' cannot spawn a 'while' loop (spawn the call in its body instead); it spawns a function call: write}}
}
