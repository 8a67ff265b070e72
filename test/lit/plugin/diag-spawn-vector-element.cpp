// A spawned assignment to an element of a vector (GCC's vector_size, ext_vector_type) is
// an error: the target's bracket binds its address, which an element does not have
// (before the check, `(*v)[2] = f()` stored into element 0: a silent miscompile).
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
typedef int v4 __attribute__((vector_size(16)));
typedef float f4 __attribute__((ext_vector_type(4)));
int f(int);

void g(v4 *v, f4 &w, int *a) {
  [[sprig::spawn]] (*v)[2] = f(1); // expected-error {{'sprig::spawn' cannot assign the result to an element of a vector; spawn into a temporary ('[[sprig::spawn]] T t = f(args);') and copy it after the sync}}
  [[sprig::spawn]] w.y = f(2); // expected-error {{'sprig::spawn' cannot assign the result to an element of a vector}}
  [[sprig::spawn]] a[2] = f(3);
  [[sprig::sync]];
}
