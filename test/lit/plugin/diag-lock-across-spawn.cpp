// -Wsprig-lock-across-spawn: a lock held across a spawn, a sync, or the implicit sync of
// a return or of the function's end (the code after it may run on another thread, which
// would unlock a mutex it does not own). RAII locks (std::lock_guard, std::unique_lock,
// std::scoped_lock, std::shared_lock), pthread_mutex_lock and std::mutex::lock() not yet
// unlocked. Each warning has a note at the spawn or sync and a note with the fix; it is
// silenced by [[sprig::allow_thread_bound]] on the lock's statement (or on the spawn),
// and for the whole file by the plugin argument (sprig++ -Wno-sprig-lock-across-spawn,
// test/lit/driver/warning-switches.cpp).
// Not flagged: a lock whose scope closed (or that was unlocked) before the spawn, a lock
// taken and released in the spawned callee or a spawned lambda, a deferred unique_lock,
// a sync in a function that never spawns, an early return before any spawn.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangxx -fsyntax-only -Xclang -verify=off -fplugin=%plugin -I%sprig_inc %s \
// RUN:   -Xclang -plugin-arg-sprig -Xclang no-lock-across-spawn
// -Werror makes them errors, -w silences them (Clang applies neither to a plugin's
// warnings by itself):
// RUN: not %clangxx -fsyntax-only -Werror -fplugin=%plugin -I%sprig_inc %s 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: %clangxx -fsyntax-only -w -fplugin=%plugin -I%sprig_inc %s 2>&1 | count 0
// off-no-diagnostics
// WERROR: error: std::lock_guard 'g' is held across a spawn
#include <mutex>
#include <pthread.h>
#include <shared_mutex>

std::mutex m, m2;
std::shared_mutex sm;
pthread_mutex_t pm = PTHREAD_MUTEX_INITIALIZER;
int shared;
int f(int);

// ---- flagged ----
int guard_across_spawn() {
  std::lock_guard<std::mutex> g(m); // expected-warning {{std::lock_guard 'g' is held across a spawn: the code after it may run on another thread, which would then unlock a mutex it does not own [-Wsprig-lock-across-spawn]}} expected-note {{release the lock before the spawn or sync (end its scope, or call unlock()), or take it inside the spawned function; if the mutex allows it, silence this with '[[sprig::allow_thread_bound]]' on the statement that takes the lock}}
  int x;
  [[sprig::spawn]] x = f(1); // expected-note {{the spawn is here}}
  [[sprig::spawn]] shared = f(2);  // one warning per lock
  [[sprig::sync]];
  return x;
}

int unique_across_sync() {
  int x;
  [[sprig::spawn]] x = f(1);
  std::unique_lock<std::mutex> u(m); // expected-warning {{std::unique_lock 'u' is held across a sync}} expected-note {{release the lock}}
  shared += 1;
  [[sprig::sync]]; // expected-note {{the sync is here}}
  return x;
}

int scoped_across_return(bool c) {
  int x = 0;
  [[sprig::spawn]] x = f(1);
  if (c) {
    std::scoped_lock s(m, m2); // expected-warning {{std::scoped_lock 's' is held across the implicit sync at this return}} expected-note {{release the lock}}
    return shared; // expected-note {{the implicit sync of this return is here}}
  }
  [[sprig::sync]];
  return x;
}

void guard_at_end() {
  [[sprig::spawn]] f(1);
  std::lock_guard<std::mutex> g(m); // expected-warning {{std::lock_guard 'g' is held across the implicit sync at the end of the function}} expected-note {{release the lock}}
  shared += 1;
} // expected-note {{the implicit sync at the end of the function is here}}

void shared_lock_across_spawn() {
  std::shared_lock<std::shared_mutex> r(sm); // expected-warning {{std::shared_lock 'r' is held across a spawn}} expected-note {{release the lock}}
  [[sprig::spawn]] f(shared); // expected-note {{the spawn is here}}
}

int pthread_across_spawn() {
  int x;
  pthread_mutex_lock(&pm); // expected-warning {{the mutex 'pm' (locked by pthread_mutex_lock) is held across a spawn}} expected-note {{release the lock}}
  [[sprig::spawn]] x = f(1); // expected-note {{the spawn is here}}
  pthread_mutex_unlock(&pm);
  [[sprig::sync]];
  return x;
}

void mutex_lock_call_across_sync() {
  [[sprig::spawn]] f(1);
  m.lock(); // expected-warning {{the mutex 'm' (locked by lock()) is held across a sync}} expected-note {{release the lock}}
  [[sprig::sync]]; // expected-note {{the sync is here}}
  m.unlock();
}

void relocked_before_spawn() {
  std::unique_lock<std::mutex> u(m); // expected-warning {{std::unique_lock 'u' is held across a spawn}} expected-note {{release the lock}}
  u.unlock();
  u.lock();
  [[sprig::spawn]] f(1); // expected-note {{the spawn is here}}
}

template <typename M> void in_template(M &mu) {
  std::lock_guard<M> g(mu); // expected-warning {{std::lock_guard 'g' is held across a spawn}} expected-note {{release the lock}}
  [[sprig::spawn]] f(1); // expected-note {{the spawn is here}}
}
template void in_template<std::mutex>(std::mutex &);
template void in_template<std::recursive_mutex>(std::recursive_mutex &);  // reported once

// ---- not flagged ----
int scope_closed_before_spawn() {
  {
    std::lock_guard<std::mutex> g(m);
    shared += 1;
  }
  for (int i = 0; i < 3; ++i) {
    std::lock_guard<std::mutex> g(m);
    shared += i;
  }
  if (std::lock_guard<std::mutex> g(m); shared > 0)
    shared = 0;
  int x;
  [[sprig::spawn]] x = f(1);
  [[sprig::sync]];
  {
    std::lock_guard<std::mutex> g(m);  // after the sync, released before the next spawn
    shared += x;
  }
  [[sprig::spawn]] x = f(2);
  return x;
}

int locks_in_callee(int n) {  // a spawned callee that locks: fine
  std::lock_guard<std::mutex> g(m);
  return shared += n;
}
int spawn_a_locking_callee() {
  int x;
  [[sprig::spawn]] x = locks_in_callee(1);
  [[sprig::spawn]] [&] {
    std::lock_guard<std::mutex> g(m);
    shared += 2;
  }();
  [[sprig::sync]];
  return x;
}

void unlocked_before_spawn() {
  std::unique_lock<std::mutex> u(m);
  shared += 1;
  u.unlock();
  std::unique_lock<std::mutex> d(m2, std::defer_lock);
  std::unique_lock<std::mutex> none;
  pthread_mutex_lock(&pm);
  shared += 1;
  pthread_mutex_unlock(&pm);
  m.lock();
  m.unlock();
  [[sprig::spawn]] f(1);
  [[sprig::sync]];
}

void sync_without_spawn() {
  std::lock_guard<std::mutex> g(m);
  [[sprig::sync]];  // waits for nothing
}

int early_return_before_spawn(bool c) {
  if (c) {
    std::lock_guard<std::mutex> g(m);
    return shared;
  }
  int x;
  [[sprig::spawn]] x = f(1);
  [[sprig::sync]];
  return x;
}

int silenced(std::recursive_mutex &rm) {
  [[sprig::allow_thread_bound]] std::lock_guard<std::mutex> g(m);
  [[sprig::allow_thread_bound]] pthread_mutex_lock(&pm);
  int x;
  [[sprig::spawn]] x = f(1);
  pthread_mutex_unlock(&pm);
  [[sprig::sync]];
  std::unique_lock<std::recursive_mutex> u(rm);
  [[sprig::spawn, sprig::allow_thread_bound]] f(2);
  u.unlock();
  [[sprig::sync]];
  return x;
}
