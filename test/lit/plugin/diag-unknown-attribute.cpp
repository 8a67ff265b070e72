// A misspelt attribute in the sprig:: namespace is an error (not clang's "unknown
// attribute ignored" warning) with a suggestion; a name far from both gets the list.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void misspelt() {
  [[sprig::spwan]] f(1); // expected-error {{unknown attribute 'sprig::spwan'; did you mean 'sprig::spawn'?}}
  [[sprig::synk]];       // expected-error {{unknown attribute 'sprig::synk'; did you mean 'sprig::sync'?}}
}

void far_name() {
  [[sprig::parallel]] f(1); // expected-error {{unknown attribute 'sprig::parallel'; Sprig's attributes are 'sprig::spawn' and 'sprig::sync'}}
}
