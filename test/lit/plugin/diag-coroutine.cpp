// [[sprig::spawn]] and [[sprig::sync]] in a coroutine are errors that say to move the
// parallel code into an ordinary function.
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
  [[sprig::spawn]] f(1); // expected-error {{'sprig::spawn' cannot be used in a coroutine; move the parallel code into an ordinary function and call it}}
  [[sprig::sync]];       // expected-error {{'sprig::sync' cannot be used in a coroutine; move the parallel code into an ordinary function and call it}}
  co_return;
}
