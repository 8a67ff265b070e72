// [[sprig::spawn]]; on an empty statement is an error that suggests the sync.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

void empty() {
  [[sprig::spawn]]; // expected-error {{'sprig::spawn' cannot spawn an empty statement (did you mean '[[sprig::sync]];'?); it spawns a function call: write}}
}
