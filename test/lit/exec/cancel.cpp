// sprig::cancel() and sprig::cancelled() (sprig/cancel.h): what a cancel reaches, and
// when it ends. With the plugin a cancel is seen by every strand under the cancelling
// frame's children of that sync epoch, on any worker; in the serial elision nothing is
// cancelled (cancelled() is false). Each check prints the same line in both: it compares
// what it saw with what the build promises (CANCELS: 1 with the plugin, 0 without).
//  - children spawned after the cancel see it; one spawned before its epoch's sync does
//    not, nor one spawned after the sync, nor the cancelling function's own code;
//  - a cancel before the function's first spawn, grandchildren, loops of cancels;
//  - across workers: leaves of a tree running in parallel with the cancelling
//    continuation (stolen subtrees included) wait for the cancel and must see it within
//    10 s (they print TIMEOUT otherwise). At P = 1 and in the elision no leaf runs in
//    parallel with the continuation: each waits a short grace, then ends;
//  - an exception thrown after a cancel still reaches the sync, and the cancel ends there.
// Compared with the serial elision at -O0..-O3, P = 1, 2, 4, 8.
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK: epochs: ok
// CHECK: early: ok
// CHECK: cancel then sync: ok
// CHECK: grandchildren: ok
// CHECK: across: ok
// CHECK: exception: caught 7 ok
// CHECK: loop: ok
// CHECK: active after: 0
#include <sprig/cancel.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <thread>

#if defined(__SPRIG__)
static const bool kCancels = true;
static int active() { return __atomic_load_n(&__sprig_cancels_active, __ATOMIC_RELAXED); }
#else
static const bool kCancels = false;
static int active() { return 0; }
#endif

static bool probe() { return sprig::cancelled(); }

static bool epochs() {
  bool before = true, after[6] = {}, later = true;
  [[sprig::spawn]] before = probe();
  [[sprig::sync]];
  sprig::cancel();
  for (bool &a : after) {
    [[sprig::spawn]] a = probe();
  }
  bool own = sprig::cancelled();  // the cancelling function's own code: never
  [[sprig::sync]];
  [[sprig::spawn]] later = probe();  // the next epoch: not cancelled
  [[sprig::sync]];
  bool ok = !before && !own && !later;
  for (bool a : after)
    ok = ok && a == kCancels;
  return ok;
}

static bool early() {
  sprig::cancel();  // before any spawn: the frame is entered for it
  sprig::cancel();  // twice in one epoch: one cancel
  bool a = false;
  [[sprig::spawn]] a = probe();
  [[sprig::sync]];
  return a == kCancels && active() == 0;
}

// A sync right after a cancel, with no spawn between (a sync a spawn does not precede
// could look redundant after the one before it): it still ends the cancel.
static bool cancel_then_sync() {
  bool a = true, b = false;
  [[sprig::spawn]] b = probe();
  [[sprig::sync]];
  sprig::cancel();
  [[sprig::sync]];
  [[sprig::spawn]] a = probe();
  [[sprig::sync]];
  return !a && !b && active() == 0;
}

static bool child_of_child() {
  bool a = false;
  [[sprig::spawn]] a = probe();
  bool b = probe();  // the child's own continuation: still under the cancelled child
  [[sprig::sync]];
  return a && b;
}
static bool grandchildren() {
  bool seen = false;
  sprig::cancel();
  [[sprig::spawn]] seen = child_of_child();
  [[sprig::sync]];
  return seen == kCancels;
}

// ---- across workers ----
static std::atomic<bool> cont_running{false};
static std::atomic<bool> gave_up{false};  // a leaf's grace ran out: the others wait no more
static std::atomic<int> timeouts{0};
static long leaf() {
  using clock = std::chrono::steady_clock;
  auto t0 = clock::now();
  // Parallel with the cancelling continuation only if it started: wait a little for it
  // (one leaf per tree: at P = 1 and in the elision it never starts).
  while (!cont_running.load()) {
    if (gave_up.load() || clock::now() - t0 > std::chrono::milliseconds(20)) {
      gave_up = true;
      return 1;  // not in parallel (P = 1, the elision, or not stolen yet)
    }
    std::this_thread::yield();
  }
  while (!sprig::cancelled()) {  // the continuation cancels right after it says so
    if (clock::now() - t0 > std::chrono::seconds(10)) {
      timeouts++;
      return 1;
    }
    std::this_thread::yield();
  }
  return 1;
}
static long tree(int depth) {
  if (depth == 0)
    return leaf();
  long a = 0, b = 0;
  [[sprig::spawn]] a = tree(depth - 1);
  b = tree(depth - 1);
  [[sprig::sync]];
  return a + b;
}
static bool across() {
  cont_running = false;
  gave_up = false;
  long n = 0;
  [[sprig::spawn]] n = tree(6);
  if (kCancels) {
    cont_running = true;  // stolen: the tree runs in parallel with this
    sprig::cancel();
  }
  [[sprig::sync]];
  cont_running = false;
  return n == 64 && timeouts == 0 && active() == 0;
}

static int thrower(int v) {
  if (v == 7)
    throw std::runtime_error("7");
  return v;
}
static void exception_case() {
  int a = 0, b = 0;
  try {
    sprig::cancel();
    [[sprig::spawn]] a = thrower(3);
    [[sprig::spawn]] b = thrower(7);
    [[sprig::sync]];
    std::printf("exception: none\n");
  } catch (const std::exception &e) {
    std::printf("exception: caught %s %s\n", e.what(), a == 3 && active() == 0 ? "ok" : "BAD");
  }
}

static bool loop_of_cancels() {
  bool ok = true;
  for (int i = 0; i < 50; ++i) {
    bool a = false, b = false;
    if (i % 2)
      sprig::cancel();
    [[sprig::spawn]] a = probe();
    [[sprig::spawn]] b = probe();
    [[sprig::sync]];
    ok = ok && a == (kCancels && i % 2) && b == a;
  }
  return ok;
}

int main() {
  bool ok = true;
  for (int i = 0; i < 20; ++i)
    ok = ok && epochs();
  std::printf("epochs: %s\n", ok ? "ok" : "BAD");
  std::printf("early: %s\n", early() ? "ok" : "BAD");
  std::printf("cancel then sync: %s\n", cancel_then_sync() ? "ok" : "BAD");
  std::printf("grandchildren: %s\n", grandchildren() ? "ok" : "BAD");
  ok = true;
  for (int i = 0; i < 5; ++i)
    ok = ok && across();
  std::printf("across: %s\n", ok ? "ok" : timeouts ? "TIMEOUT" : "BAD");
  exception_case();
  std::printf("loop: %s\n", loop_of_cancels() ? "ok" : "BAD");
  std::printf("active after: %d\n", active());
}
