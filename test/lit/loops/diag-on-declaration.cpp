// The attribute on a declaration.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
[[sprig::parallel_for]] int x; // expected-error {{'sprig::parallel_for' applies to a for loop, not to a declaration}}
