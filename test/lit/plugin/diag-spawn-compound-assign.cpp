// [[sprig::spawn]] on a compound assignment (builtin or overloaded) is an error that
// says to spawn into a temporary and combine after the sync.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

#include <string>

int f(int);
std::string g(int);

void builtin(int x) {
  [[sprig::spawn]] x += f(1); // expected-error {{'sprig::spawn' cannot spawn a compound assignment (write '[[sprig::spawn]] t = f(args);' and combine after '[[sprig::sync]];'); it spawns a function call: write}}
}

void overloaded(std::string &s) {
  [[sprig::spawn]] s += g(1); // expected-error {{'sprig::spawn' cannot spawn a compound assignment (write '[[sprig::spawn]] t = f(args);' and combine after '[[sprig::sync]];'); it spawns a function call: write}}
}
