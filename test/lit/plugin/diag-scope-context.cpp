// [[sprig::scope]] follows the rules of a sync: not in a coroutine, not in a statement
// expression; in a catch handler it is fine (a sync there is), a spawn inside it is not.
// RUN: %clangxx -std=c++20 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

#include <coroutine>

struct Task {
  struct promise_type {
    Task get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};

int f(int);

Task coro() {
  [[sprig::scope]] { // expected-error {{'sprig::scope' cannot be used in a coroutine; move the parallel code into an ordinary function and call it}}
    f(1);
  }
  co_return;
}

int in_statement_expression() {
  return ({
    [[sprig::scope]] { f(2); } // expected-error {{'sprig::scope' cannot be used inside a statement expression; use it in an ordinary statement}}
    3;
  });
}

void in_catch() {
  try {
    f(3);
  } catch (...) {
    [[sprig::scope]] { f(4); } // fine: waits for nothing
    [[sprig::scope]] {
      [[sprig::spawn]] f(5); // expected-error {{'sprig::spawn' cannot be used inside a catch handler}}
    }
  }
}
