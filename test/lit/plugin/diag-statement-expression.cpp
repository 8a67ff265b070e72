// [[sprig::spawn]] and [[sprig::sync]] inside a GNU statement expression are errors.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

int spawn_in_stmt_expr() {
  int r = ({
    int x;
    [[sprig::spawn]] x = f(1); // expected-error {{'sprig::spawn' cannot be used inside a statement expression; use it in an ordinary statement}}
    [[sprig::sync]];           // expected-error {{'sprig::sync' cannot be used inside a statement expression; use it in an ordinary statement}}
    x;
  });
  return r;
}
