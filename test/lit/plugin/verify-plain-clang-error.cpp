// With the plugin loaded, -verify passes on a file whose only diagnostic is an
// expected ordinary Clang error.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

void g() {
  undeclared(); // expected-error {{use of undeclared identifier 'undeclared'}}
}
