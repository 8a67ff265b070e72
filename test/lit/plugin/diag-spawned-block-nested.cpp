// A spawned block is one child, not a function: it cannot spawn, sync, open a scope or
// run a parallel loop itself, nor allocate on the stack dynamically (a VLA, alloca); the
// error says to spawn a lambda instead, which can.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void nested(int n) {
  [[sprig::spawn]] {
    [[sprig::spawn]] f(1); // expected-error {{a spawned block cannot contain 'sprig::spawn'; to spawn or sync inside the child, spawn a lambda instead: '[[sprig::spawn]] [&] { ... }();'}}
    [[sprig::spawn]] int x = f(2); // expected-error {{a spawned block cannot contain 'sprig::spawn'}}
    [[sprig::sync]]; // expected-error {{a spawned block cannot contain 'sprig::sync'}}
    (void)x;
  }
  [[sprig::spawn]] {
    [[sprig::scope]] { f(3); } // expected-error {{a spawned block cannot contain 'sprig::scope'}}
    [[sprig::parallel_for]] for (int i = 0; i < n; ++i) f(i); // expected-error {{a spawned block cannot contain 'sprig::parallel_for'}}
    [[sprig::spawn]] { f(4); } // expected-error {{a spawned block cannot contain 'sprig::spawn'}}
  }
  [[sprig::spawn]] { // fine: the lambda is a function of its own
    auto g = [&] {
      [[sprig::spawn]] f(5);
      f(6);
      [[sprig::sync]];
    };
    g();
  }
}

// Its storage would come from the parent's alloca arena (a spawning function's dynamic
// allocas live in a per-invocation heap arena).
void dynamic(int n) {
  [[sprig::spawn]] {
    int a[n]; // expected-error {{a spawned block cannot declare a variable-length array (its storage would come from the parent's per-invocation arena); spawn a lambda instead: '[[sprig::spawn]] [&] { ... }();'}}
    a[0] = f(n);
    void *p = __builtin_alloca(16); // expected-error {{a spawned block cannot call alloca}}
    (void)p;
  }
}
