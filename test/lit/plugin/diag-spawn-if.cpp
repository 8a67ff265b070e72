// [[sprig::spawn]] on an if statement is an error. The message must speak the user's
// language (an 'if' statement), not Clang's AST class names ('IfStmt').
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void spawn_if(int x) {
  [[sprig::spawn]] if (x) f(1); // expected-error {{'sprig::spawn' cannot spawn an 'if' statement; it spawns a function call: write '[[sprig::spawn]] f(args);', '[[sprig::spawn]] x = f(args);' or '[[sprig::spawn]] T x = f(args);'}}
}
