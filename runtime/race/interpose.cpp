//===- runtime/race/interpose.cpp - the heap and locks, seen by the detector ===//
//
// libsprig-race interposes libc's allocator (a new block's bytes are fresh: what an
// earlier block at that address saw is forgotten), pthread's locks and the C++ runtime's
// guards of function-local statics (what a thread does while it holds one is not
// checked), and pthread_create (from the program's first thread on, the detector locks
// its state).
//===----------------------------------------------------------------------===//
#include "detector.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>

using namespace sprig::race;

extern "C" {

// ---- the heap: a new block's bytes are fresh ----
void *__libc_malloc(std::size_t);
void *__libc_calloc(std::size_t, std::size_t);
void *__libc_realloc(void *, std::size_t);
void *__libc_memalign(std::size_t, std::size_t);
void __libc_free(void *);

void *malloc(std::size_t n) {
  void *p = __libc_malloc(n);
  fresh(p, n);
  return p;
}
void *calloc(std::size_t k, std::size_t n) {
  void *p = __libc_calloc(k, n);
  fresh(p, k * n);
  return p;
}
std::size_t malloc_usable_size(void *);
void *realloc(void *q, std::size_t n) {
  std::size_t old = q ? malloc_usable_size(q) : 0;
  void *p = __libc_realloc(q, n);
  if (p != q)
    fresh(p, n);  // moved: the old contents were copied by the allocator, unseen
  else if (p && n > old)
    fresh(static_cast<char *>(p) + old, n - old);  // grown in place: the new tail
  return p;
}
void *memalign(std::size_t al, std::size_t n) {
  void *p = __libc_memalign(al, n);
  fresh(p, n);
  return p;
}
void *aligned_alloc(std::size_t al, std::size_t n) { return memalign(al, n); }
int posix_memalign(void **out, std::size_t al, std::size_t n) {
  void *p = memalign(al, n);
  if (!p)
    return 12;  // ENOMEM
  *out = p;
  return 0;
}
void *valloc(std::size_t n) {
  return memalign(static_cast<std::size_t>(sysconf(_SC_PAGESIZE)), n);
}
void free(void *p) { __libc_free(p); }

// ---- locks: what a thread does while it holds one is not checked ----
// (Cilksan's default: lock-protected accesses are not determinacy races to report.)
// pthread mutexes and rwlocks (std::mutex, std::shared_mutex, std::lock_guard...) are
// counted per thread; user-made locks (spin loops on atomics) are not seen.
}  // extern "C"
namespace {
// The next definition (libc's), found once.
template <class Fn> Fn next_fn(Fn &slot, const char *name) {
  if (!slot)
    slot = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
  return slot;
}
}  // namespace
extern "C" {
#define SPRIG_RACE_ACQUIRE(NAME, T)                                                        \
  int NAME(T *m) noexcept {                                                                \
    static int (*real)(T *);                                                               \
    int r = next_fn(real, #NAME)(m);                                                       \
    if (r == 0)                                                                            \
      ++t_self.locks;                                                                      \
    return r;                                                                              \
  }
SPRIG_RACE_ACQUIRE(pthread_mutex_lock, pthread_mutex_t)
SPRIG_RACE_ACQUIRE(pthread_mutex_trylock, pthread_mutex_t)
SPRIG_RACE_ACQUIRE(pthread_rwlock_rdlock, pthread_rwlock_t)
SPRIG_RACE_ACQUIRE(pthread_rwlock_wrlock, pthread_rwlock_t)
SPRIG_RACE_ACQUIRE(pthread_rwlock_tryrdlock, pthread_rwlock_t)
SPRIG_RACE_ACQUIRE(pthread_rwlock_trywrlock, pthread_rwlock_t)
#undef SPRIG_RACE_ACQUIRE
#define SPRIG_RACE_RELEASE(NAME, T)                                                        \
  int NAME(T *m) noexcept {                                                                \
    static int (*real)(T *);                                                               \
    if (t_self.locks > 0)                                                                  \
      --t_self.locks;                                                                      \
    return next_fn(real, #NAME)(m);                                                        \
  }
// Function-local statics: the initialization runs between __cxa_guard_acquire (when it
// returns 1) and __cxa_guard_release/abort, and every later use is ordered after it (the
// guard's acquire load): the first strand to reach the definition initializes it, the
// others only read. The initialization is not a determinacy race; it is ignored as if
// under a lock. (Otherwise a static in a parallel loop's body would be reported.)
int __cxa_guard_acquire(std::int64_t *g) {
  static int (*real)(std::int64_t *);
  int r = next_fn(real, "__cxa_guard_acquire")(g);
  if (r)
    ++t_self.locks;
  return r;
}
void __cxa_guard_release(std::int64_t *g) noexcept {
  static void (*real)(std::int64_t *);
  if (t_self.locks > 0)
    --t_self.locks;
  next_fn(real, "__cxa_guard_release")(g);
}
void __cxa_guard_abort(std::int64_t *g) noexcept {
  static void (*real)(std::int64_t *);
  if (t_self.locks > 0)
    --t_self.locks;
  next_fn(real, "__cxa_guard_abort")(g);
}

// The program's threads: from the first one on, the detector locks its state.
int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *),
                   void *arg) noexcept {
  static int (*real)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
  g_threads.store(true, std::memory_order_relaxed);
  return next_fn(real, "pthread_create")(t, attr, fn, arg);
}
SPRIG_RACE_RELEASE(pthread_mutex_unlock, pthread_mutex_t)
SPRIG_RACE_RELEASE(pthread_rwlock_unlock, pthread_rwlock_t)
#undef SPRIG_RACE_RELEASE

}  // extern "C"
