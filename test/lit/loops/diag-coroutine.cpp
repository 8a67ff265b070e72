// A parallel loop in a coroutine.
// RUN: %clangxx -std=c++20 -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
#include <coroutine>
struct task {
  struct promise_type {
    task get_return_object() { return {}; }
    std::suspend_never initial_suspend() { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
task f(int n, int *a) {
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) a[i] = 0; // expected-error {{'sprig::parallel_for' cannot be used in a coroutine; move the parallel code into an ordinary function and call it}}
  co_return;
}
