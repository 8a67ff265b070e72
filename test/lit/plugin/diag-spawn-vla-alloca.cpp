// A spawning function may not use variable-length arrays or alloca: a stolen
// continuation allocates them on the thief's stack, which is released at the sync. The
// error names the attribute and the fix. A function without spawns may use them freely.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc -Wno-vla-cxx-extension %s
#include <alloca.h>
void fibto(long *out, int n);

long vla(int n) {
  long vals[n]; // expected-error {{'sprig::spawn' cannot be used in a function with a variable-length array or alloca (a stolen continuation allocates them on a stack that is released at the sync); use std::vector, or move the spawns into a function of their own}}
  for (int i = 0; i < n; ++i)
    [[sprig::spawn]] fibto(&vals[i], i);
  [[sprig::sync]];
  return vals[0];
}

long with_alloca(int n) {
  long *p = (long *)alloca(sizeof(long) * n); // expected-error {{'sprig::spawn' cannot be used in a function with a variable-length array or alloca}}
  [[sprig::spawn]] fibto(&p[0], n);
  [[sprig::sync]];
  return p[0];
}

long no_spawn(int n) {  // fine: no spawn here
  long vals[n];
  fibto(&vals[0], n);
  return vals[0];
}
