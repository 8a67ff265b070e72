// [[sprig::sync]]; outside a function is an error that says it belongs in a function
// (not "write '[[sprig::sync]];' on a line of its own", which is what was written).
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

[[sprig::sync]]; // expected-error {{'sprig::sync' can only be used inside a function, as the statement '[[sprig::sync]];'}}

namespace ns {
[[sprig::sync]]; // expected-error {{'sprig::sync' can only be used inside a function, as the statement '[[sprig::sync]];'}}
}
