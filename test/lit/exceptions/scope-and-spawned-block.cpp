// Exceptions and the new forms: a child spawned in a [[sprig::scope]] throws (the scope's
// exit rethrows it; the handler after the scope sees the children before it done); the
// parent throws inside a scope while its children run (they finish before the handler);
// a spawned block throws (rethrown at the sync, first in serial order wins); a spawned
// block in a scope throws; a handler in a spawned block rethrows (the block's locals
// destroyed once), or does not match (the exception passes through it). Compared with
// the serial elision at -O0..-O3, P = 1, 2, 4, 8.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: child in scope: caught child 3, before it 0 1 1
// CHECK: parent in scope: caught parent, children 6765 4181
// CHECK: spawned block: caught block 2, results 0 1 -1 -1 -1 -1
// CHECK: block in scope: caught block in scope, a=610 i=4
// CHECK: loop of scopes: caught at 5, done 0 1 2 3 4 5
// CHECK: rethrown: caught inner (block saw inner) dtors=1
// CHECK: passed through: int 42
#include <cstdio>
#include <stdexcept>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

void child(long *out, int i, int bad) {
  if (i == bad) {
    *out = 0;
    throw std::runtime_error("child " + std::to_string(i));
  }
  *out = fib(i + 10) > 0 ? fib(i) : 0;
}

void child_in_scope() {
  long r[8] = {};
  try {
    [[sprig::scope]] {
      for (int i = 0; i < 8; ++i)
        [[sprig::spawn]] child(&r[i], i, i == 3 || i == 6 ? i : -1);
    }
    std::printf("not reached\n");
  } catch (const std::exception &e) {
    // serially, child 3 throws before child 6 is spawned; in parallel both may run (the
    // continuation goes on until the scope's exit), and the first in serial order wins.
    // The children before 3 are done either way.
    std::printf("child in scope: caught %s, before it %ld %ld %ld\n", e.what(), r[0], r[1],
                r[2]);
  }
}

void parent_in_scope() {
  long a = 0, b = 0;
  try {
    [[sprig::scope]] {
      [[sprig::spawn]] child(&a, 20, -1);
      [[sprig::spawn]] child(&b, 19, -1);
      if (fib(5) == 5)
        throw std::runtime_error("parent");
    }
  } catch (const std::exception &e) {
    // the children are done before the handler runs (the landing pad syncs)
    std::printf("parent in scope: caught %s, children %ld %ld\n", e.what(), a, b);
  }
}

void spawned_block() {
  long r[6] = {-1, -1, -1, -1, -1, -1};
  try {
    for (int i = 0; i < 6; ++i) {
      [[sprig::spawn]] {
        if (i == 2 || i == 4)
          throw std::runtime_error("block " + std::to_string(i));
        r[i] = fib(i);
      }
      [[sprig::sync]];  // i is captured by reference
    }
  } catch (const std::exception &e) {
    std::printf("spawned block: caught %s, results", e.what());
    for (long v : r)
      std::printf(" %ld", v);
    std::printf("\n");
  }
}

void block_in_scope() {
  long a = 0;
  int i = 4;
  try {
    [[sprig::scope]] {
      [[sprig::spawn]] { a = fib(15); }
      [[sprig::spawn]] {
        if (i == 4)
          throw std::runtime_error("block in scope");
      }
    }
  } catch (const std::exception &e) {
    std::printf("block in scope: caught %s, a=%ld i=%d\n", e.what(), a, i);
  }
}

void loop_of_scopes() {
  int done[8] = {};
  int at = -1;
  try {
    for (int i = 0; i < 8; ++i) {
      [[sprig::scope]] {
        [[sprig::spawn]] {
          done[i] = 1;
          if (i == 5)
            throw std::runtime_error("5");
        }
      }
      at = i;
    }
  } catch (const std::exception &e) {
    std::printf("loop of scopes: caught at %s, done", e.what());
    for (int i = 0; i < 8; ++i)
      if (done[i])
        std::printf(" %d", i);
    std::printf("\n");
  }
  if (at != 4)
    std::printf("scope did not stop the loop: %d\n", at);
}

struct Guard {
  int *count;
  ~Guard() { ++*count; }
};

void handler_in_block() {
  int dtors = 0;
  std::string got;
  try {
    [[sprig::spawn]] {
      Guard g{&dtors};
      try {
        if (fib(10) == 55)
          throw std::runtime_error("inner");
      } catch (const std::runtime_error &e) {
        got = e.what();
        throw;
      }
    }
    [[sprig::sync]];
  } catch (const std::exception &e) {
    std::printf("rethrown: caught %s (block saw %s) dtors=%d\n", e.what(), got.c_str(),
                dtors);
  }
  try {
    [[sprig::spawn]] {
      try {
        throw 42;
      } catch (const std::runtime_error &) {
        got = "wrong handler";
      }
    }
    [[sprig::sync]];
  } catch (int v) {
    std::printf("passed through: int %d\n", v);
  }
}

int main() {
  child_in_scope();
  parent_in_scope();
  spawned_block();
  block_in_scope();
  loop_of_scopes();
  handler_in_block();
}
