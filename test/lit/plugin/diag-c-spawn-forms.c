// The spawn and sync rules in C, with C's wording where C++'s would name C++ constructs;
// the other misuses read as in C++. One error each, at the attribute or the offending
// operand. A spawned block and a spawned compound assignment are accepted in C as in
// C++ (no diagnostic expected on them).
// RUN: %clangc -std=c23 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangc -std=gnu11 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);
struct bits {
  int b : 3;
};
typedef int v4 __attribute__((vector_size(16)));

void block(void) {
  [[sprig::spawn]] {
    f(1);
    f(2);
  }
}

void non_call(int x, int y) {
  [[sprig::spawn]] x = y + 1; // expected-error {{'sprig::spawn' cannot spawn an assignment whose right-hand side is not a function call}}
  [[sprig::spawn]] x += f(1);
  [[sprig::spawn]] if (x) f(1); // expected-error {{'sprig::spawn' cannot spawn an 'if' statement}}
  [[sprig::spawn]] for (int i = 0; i < 2; i++) f(i); // expected-error {{'sprig::spawn' cannot spawn a 'for' loop (spawn the call in its body instead)}}
  [[sprig::spawn]] ; // expected-error {{'sprig::spawn' cannot spawn an empty statement (did you mean '[[sprig::sync]];'?)}}
  [[sprig::spawn]] __builtin_trap(); // expected-error {{'sprig::spawn' cannot spawn a call of a compiler builtin}}
}

int ret(void) {
  [[sprig::spawn]] return f(1); // expected-error {{'sprig::spawn' cannot spawn a return statement}}
}

void targets(struct bits *s, v4 *v) {
  [[sprig::spawn]] s->b = f(1); // expected-error {{'sprig::spawn' cannot assign the result to a bit-field}}
  [[sprig::spawn]] (*v)[1] = f(1); // expected-error {{'sprig::spawn' cannot assign the result to an element of a vector}}
}

void decls(void) {
  [[sprig::spawn]] static int s = 0; // expected-error {{'sprig::spawn' on a declaration needs a local variable of automatic storage}}
  [[sprig::spawn]] int a = f(1), b = f(2); // expected-error {{'sprig::spawn' spawns one declaration at a time}}
  [[sprig::spawn]] int c; // expected-error {{'sprig::spawn' on a declaration needs an initializing call}}
  [[sprig::spawn]] int d = 1 + f(2); // expected-error {{'sprig::spawn' on a declaration needs a variable initialized by a function call}}
  [[sprig::sync]];
}

void params([[sprig::spawn]] int p); // expected-error {{'sprig::spawn' applies to a statement that calls a function}}

void sync_forms(void) {
  [[sprig::sync]] f(1); // expected-error {{'sprig::sync' applies to an empty statement}}
  int r = ({
    [[sprig::spawn]] f(1); // expected-error {{'sprig::spawn' cannot be used inside a statement expression}}
    0;
  });
  (void)r;
}

[[sprig::sync]]; // expected-error {{'sprig::sync' can only be used inside a function}}

void typo(void) {
  [[sprig::spwan]] f(1); // expected-error {{unknown attribute 'sprig::spwan'; did you mean 'sprig::spawn'?}}
}
