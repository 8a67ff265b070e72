// -Wsprig-thread-identity: a thread_local variable read, std::this_thread::get_id(),
// pthread_self() or omp_get_thread_num() called after a spawn and before the sync that
// follows it (the implicit sync of a return or of the function's end included): the
// continuation may run on another thread than the code before the spawn, and the code
// after the sync on yet another. Each warning has a note at the spawn and a note with
// the fix; [[sprig::allow_thread_bound]] on the statement silences it, and the plugin
// argument (sprig++ -Wno-sprig-thread-identity) the whole file.
// Not flagged: reads before the first spawn or after a sync, reads in the spawned call's
// arguments (evaluated before the spawn) or in the spawned callee or lambda, a
// thread_local updated in place (++, --, =, op=: whichever thread's copy, as per-thread
// counters want), sizeof, a function that never spawns.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
// RUN: %clangxx -fsyntax-only -Xclang -verify=off -fplugin=%plugin -I%sprig_inc %s \
// RUN:   -Xclang -plugin-arg-sprig -Xclang no-thread-identity
// off-no-diagnostics
#include <pthread.h>
#include <thread>

extern "C" int omp_get_thread_num(void);  // (omp.h, without -fopenmp)
thread_local int tls_slot;
static __thread long gnu_tls;
int f(int);
int use(long);

// ---- flagged ----
int read_tls_after_spawn() {
  int x;
  [[sprig::spawn]] x = f(1); // expected-note {{the spawn is here}}
  int slot = tls_slot; // expected-warning {{thread_local variable 'tls_slot' is read after a spawn, before the sync that follows it: the code after a spawn may run on another thread than the code before it, and after the sync on yet another, so the value may not be this thread's when it is used [-Wsprig-thread-identity]}} expected-note {{read the thread identity before the spawn (the thread that started the function) or after the sync (the code from a sync to the next spawn stays on one thread); silence this with '[[sprig::allow_thread_bound]]' on this statement}}
  [[sprig::sync]];
  return x + slot;
}

void ids_after_spawn() {
  [[sprig::spawn]] f(1); // expected-note 4 {{the spawn is here}}
  auto id = std::this_thread::get_id(); // expected-warning {{'std::this_thread::get_id()' is read after a spawn}} expected-note {{read the thread identity}}
  pthread_t self = pthread_self(); // expected-warning {{'pthread_self()' is read after a spawn}} expected-note {{read the thread identity}}
  int omp = omp_get_thread_num(); // expected-warning {{'omp_get_thread_num()' is read after a spawn}} expected-note {{read the thread identity}}
  use(gnu_tls); // expected-warning {{thread_local variable 'gnu_tls' is read after a spawn}} expected-note {{read the thread identity}}
  [[sprig::sync]];
  (void)id;
  (void)self;
  (void)omp;
}

int before_implicit_sync(bool c) {
  [[sprig::spawn]] f(1); // expected-note {{the spawn is here}}
  if (c)
    return 0;  // its implicit sync comes before the return value
  int *p = &tls_slot; // expected-warning {{thread_local variable 'tls_slot' is read after a spawn}} expected-note {{read the thread identity}}
  return use(*p);
}

template <typename T> T in_template(T t) {
  [[sprig::spawn]] f(1); // expected-note {{the spawn is here}}
  T r = t + tls_slot; // expected-warning {{thread_local variable 'tls_slot' is read after a spawn}} expected-note {{read the thread identity}}
  [[sprig::sync]];
  return r;
}
template int in_template<int>(int);
template long in_template<long>(long);  // reported once

// ---- not flagged ----
int before_and_after(int n) {
  int before = tls_slot;                 // before the first spawn
  auto id = std::this_thread::get_id();  // (its use after the sync is the user's choice)
  int x;
  [[sprig::spawn]] x = f(tls_slot + omp_get_thread_num());  // arguments: the parent, before
  [[sprig::sync]];
  int after = tls_slot + omp_get_thread_num();  // after the sync
  (void)id;
  if (n > 0)
    return tls_slot;  // the return's implicit sync comes first
  return x + before + after;
}

int reads_in_child() {
  int x;
  [[sprig::spawn]] x = read_tls_after_spawn();
  [[sprig::spawn]] [&] { x += tls_slot + omp_get_thread_num(); }();
  [[sprig::sync]];
  return x;
}

void updates_in_place() {
  [[sprig::spawn]] f(1);
  ++tls_slot;
  tls_slot--;
  gnu_tls += 3;
  tls_slot = 7;
  unsigned long sz = sizeof(tls_slot);
  (void)sz;
  [[sprig::sync]];
}

int no_spawn() {
  [[sprig::sync]];
  return tls_slot + omp_get_thread_num();
}

int silenced() {
  int x;
  [[sprig::spawn]] x = f(1);
  [[sprig::allow_thread_bound]] int slot = tls_slot;
  [[sprig::allow_thread_bound]] use(omp_get_thread_num());
  [[sprig::allow_thread_bound]] {
    x += tls_slot;
    use(gnu_tls);
  }
  [[sprig::sync]];
  return x + slot;
}
