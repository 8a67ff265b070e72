// co_await, co_yield and co_return inside a spawned block are errors that say to move
// the parallel code into an ordinary function.
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
  [[sprig::spawn]] {
    f(1);
    co_await std::suspend_never{}; // expected-error {{a spawned block cannot use 'co_await' (a coroutine frame is not a stack frame); move the parallel code into an ordinary function and call it}}
  }
  [[sprig::spawn]] {
    co_return; // expected-error {{a spawned block cannot use 'co_return'}}
  }
}
