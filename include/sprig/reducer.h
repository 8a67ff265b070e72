/*===- sprig/reducer.h - reducers: race-free accumulation in serial order ---===*
 *
 * A reducer is a variable that parallel strands update without a race and whose final
 * value is the serial program's, for any associative operation (commutative or not):
 * each strand that runs after a steal gets a view of its own, made lazily at its first
 * access, and the views are combined at syncs in serial order (docs/reducers.md).
 *
 *   #include <sprig/reducer.h>
 *   sprig::reducer<sprig::op_add<long>> sum;           // starts at the identity, 0
 *   void walk(node *n) {
 *     if (!n) return;
 *     *sum += n->value;                                // this strand's view
 *     [[sprig::spawn]] walk(n->left);
 *     walk(n->right);
 *     [[sprig::sync]];
 *   }
 *   ... walk(root); long total = sum.get_value();      // after the computation's sync
 *
 * The rules, as in Cilk:
 *  - Read the value (get_value, move_out, *r) only where no child that updates it may
 *    still run: after a sync, or before the first spawn. A strand sees its own view.
 *  - Do not keep a reference or pointer to a view across a spawn or a sync: after one,
 *    the code may be running as another strand (with another view).
 *  - A reducer must outlive the strands that use it (as any variable passed to children
 *    by reference): destroy it after the sync that waits for them.
 *  - The monoid's identity and reduce must not throw, and must not use reducers.
 *
 * The serial elision: without sprig++ (g++, plain clang++) this header compiles and the
 * reducer is a plain variable holding the serial program's value: no runtime needed.
 *
 * The C interface (the attribute `[[sprig::reducer(identity, reduce)]]` uses it too):
 * sprig_reducer_view(key, size, align, identity, reduce) is the current strand's view
 * of the reducer whose own storage (its leftmost view) is at key, of size bytes;
 * identity(v) constructs the identity in place; reduce(l, r) sets *l = *l OP *r, then
 * destroys *r. A reducer that is made and destroyed while a computation runs (a local)
 * is registered and unregistered around its life (sprig_reducer_register/unregister).
 *
 * Cost: an access in a strand that began without a steal (the leftmost, and every
 * strand of a computation that was never stolen from) is a thread-local load and a
 * compare; after a steal, two more loads and a compare (the map's last lookup), or a
 * lookup in a small hash map. The optimiser hoists it out of loops (the plugin tells it
 * the lookup only reads runtime state).
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_REDUCER_H
#define SPRIG_REDUCER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__SPRIG__) || defined(SPRIG_RUNTIME_BUILD)
/* The current strand's view of the reducer at key. The plugin marks it as reading
 * runtime state only, so the optimiser reuses it within a strand and hoists it out of
 * loops, but never moves it across a spawn or a sync (which call into the runtime);
 * then it expands each call inline: the strand's map (a thread-local load), and, only
 * if that is not null (a strand after a steal), __sprig_reducer_lookup. */
void *__sprig_reducer_view(void *key, size_t size, size_t align, void (*identity)(void *),
                           void (*reduce)(void *, void *));
void __sprig_reducer_register(void *key, size_t size, size_t align,
                              void (*identity)(void *), void (*reduce)(void *, void *));
void __sprig_reducer_unregister(void *key);
void __sprig_reducer_scope_end(void **guard);
/* Views made with this reduce function are destroyed by `destroy` when they are
 * discarded rather than reduced (the iterations after a parallel loop's break,
 * docs/reducers.md). sprig::reducer<Monoid> notes its own once per Monoid, before its
 * identity makes the first view. */
void __sprig_reducer_note_destroy(void (*reduce)(void *, void *), void (*destroy)(void *));
/* Reducers may exist from now on (the runtime then records its steals for them): called
 * at load by a constructor the plugin adds to every module that names a reducer entry
 * point; a hand-lowered program that names a reducer at namespace scope calls it itself
 * before its first spawn (registering a reducer does it too). */
void __sprig_reducers_used(void);

static inline __attribute__((always_inline)) void *
sprig_reducer_view(void *key, size_t size, size_t align, void (*identity)(void *),
                   void (*reduce)(void *, void *)) {
  return __sprig_reducer_view(key, size, align, identity, reduce);
}
static inline __attribute__((always_inline)) void
sprig_reducer_register(void *key, size_t size, size_t align, void (*identity)(void *),
                       void (*reduce)(void *, void *)) {
  __sprig_reducer_register(key, size, align, identity, reduce);
}
static inline __attribute__((always_inline)) void sprig_reducer_unregister(void *key) {
  __sprig_reducer_unregister(key);
}
static inline __attribute__((always_inline)) void
sprig_reducer_note_destroy(void (*reduce)(void *, void *), void (*destroy)(void *)) {
  __sprig_reducer_note_destroy(reduce, destroy);
}
#else
/* The serial elision: the reducer's own storage is the only view. */
static inline void *sprig_reducer_view(void *key, size_t size, size_t align,
                                       void (*identity)(void *),
                                       void (*reduce)(void *, void *)) {
  (void)size, (void)align, (void)identity, (void)reduce;
  return key;
}
static inline void sprig_reducer_register(void *key, size_t size, size_t align,
                                          void (*identity)(void *),
                                          void (*reduce)(void *, void *)) {
  (void)key, (void)size, (void)align, (void)identity, (void)reduce;
}
static inline void sprig_reducer_unregister(void *key) { (void)key; }
static inline void sprig_reducer_note_destroy(void (*reduce)(void *, void *),
                                              void (*destroy)(void *)) {
  (void)reduce, (void)destroy;
}
#endif

#ifdef __cplusplus
} /* extern "C" */

#include "exact_sum.h"
#include <limits>
#include <list>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace sprig {

// A monoid: value_type, identity (construct in place), reduce (*left = *left OP *right;
// right is destroyed by the reducer afterwards), destroy. Derive from monoid_base<T> and
// define reduce (and identity, if T() is not the identity).
template <class T> struct monoid_base {
  using value_type = T;
  static void identity(T *p) { ::new (static_cast<void *>(p)) T(); }
  static void destroy(T *p) noexcept { p->~T(); }
};

template <class T> struct op_add : monoid_base<T> {
  static void reduce(T *l, T *r) { *l += std::move(*r); }
};
// Floating-point sum, exact: the view is a sprig::exact_sum<T> (T is float or double;
// <sprig/exact_sum.h>), so the value is the exact sum of every update, rounded once:
// the same bits at every worker count, in every schedule and in the serial elision.
// op_add<double> rounds after every update, in an order that depends on the schedule
// (docs/reducers.md). Read it as a T: `double total = r.get_value();`.
template <class T> struct op_add_exact : monoid_base<exact_sum<T>> {
  static void reduce(exact_sum<T> *l, exact_sum<T> *r) { *l += *r; }
};
template <class T> struct op_mul : monoid_base<T> {
  static void identity(T *p) { ::new (static_cast<void *>(p)) T(1); }
  static void reduce(T *l, T *r) { *l *= std::move(*r); }
};
template <class T> struct op_min : monoid_base<T> {
  static void identity(T *p) {
    ::new (static_cast<void *>(p)) T(std::numeric_limits<T>::max());
  }
  static void reduce(T *l, T *r) {
    if (*r < *l)
      *l = std::move(*r);
  }
};
template <class T> struct op_max : monoid_base<T> {
  static void identity(T *p) {
    ::new (static_cast<void *>(p)) T(std::numeric_limits<T>::lowest());
  }
  static void reduce(T *l, T *r) {
    if (*l < *r)
      *l = std::move(*r);
  }
};
template <class T> struct op_and : monoid_base<T> {
  static void identity(T *p) { ::new (static_cast<void *>(p)) T(~T()); }
  static void reduce(T *l, T *r) { *l &= *r; }
};
template <class T> struct op_or : monoid_base<T> {
  static void reduce(T *l, T *r) { *l |= *r; }
};
template <class T> struct op_xor : monoid_base<T> {
  static void reduce(T *l, T *r) { *l ^= *r; }
};
// push_back in serial order.
template <class T, class A = std::allocator<T>>
struct op_list_append : monoid_base<std::list<T, A>> {
  static void reduce(std::list<T, A> *l, std::list<T, A> *r) { l->splice(l->end(), *r); }
};
// push_front in serial order: the later strand's elements come first.
template <class T, class A = std::allocator<T>>
struct op_list_prepend : monoid_base<std::list<T, A>> {
  static void reduce(std::list<T, A> *l, std::list<T, A> *r) { l->splice(l->begin(), *r); }
};
// Concatenation in serial order (+=, append, push_back).
template <class C, class Tr = std::char_traits<C>, class A = std::allocator<C>>
struct op_basic_string : monoid_base<std::basic_string<C, Tr, A>> {
  static void reduce(std::basic_string<C, Tr, A> *l, std::basic_string<C, Tr, A> *r) {
    *l += *r;
  }
};
using op_string = op_basic_string<char>;
// push_back / insert at the end in serial order.
template <class T, class A = std::allocator<T>>
struct op_vector : monoid_base<std::vector<T, A>> {
  static void reduce(std::vector<T, A> *l, std::vector<T, A> *r) {
    if (l->empty())
      l->swap(*r);
    else
      l->insert(l->end(), std::make_move_iterator(r->begin()),
                std::make_move_iterator(r->end()));
  }
};

// The reducer: its own storage is the leftmost view; *r, r-> and get_value() give the
// current strand's view. Neither copied nor moved (its address is its identity).
// Cache-line aligned (as Cilk Plus's): the leftmost view is written by the strand that
// owns it while other workers read whatever shares its line (a parallel loop's
// captured values, next to it on the stack).
template <class Monoid> class alignas(64) reducer {
public:
  using monoid_type = Monoid;
  using value_type = typename Monoid::value_type;

  // The identity, or a value made from args.
  reducer() {
    Monoid::identity(&leftmost_);
    enter();
  }
  template <class A0, class... A>
  explicit reducer(A0 &&a0, A &&...a)
      : leftmost_(std::forward<A0>(a0), std::forward<A>(a)...) {
    enter();
  }
  reducer(const reducer &) = delete;
  reducer &operator=(const reducer &) = delete;
  ~reducer() {
    sprig_reducer_unregister(&leftmost_);
    Monoid::destroy(&leftmost_);
  }

  value_type &view() {
    return *static_cast<value_type *>(sprig_reducer_view(
        &leftmost_, sizeof(value_type), alignof(value_type), &identity_fn, &reduce_fn));
  }
  value_type &operator*() { return view(); }
  value_type *operator->() { return &view(); }
  const value_type &get_value() { return view(); }
  void set_value(const value_type &v) { view() = v; }
  // Move the value out (the view is left as a moved-from value), or in.
  void move_out(value_type &out) { out = std::move(view()); }
  void move_in(value_type &in) { view() = std::move(in); }

private:
  void enter() {
    sprig_reducer_register(&leftmost_, sizeof(value_type), alignof(value_type),
                           &identity_fn, &reduce_fn);
  }
  // Called by the runtime only, when it makes a view (after a steal). Before the first
  // one, once per Monoid, it notes how to destroy a view that is discarded rather than
  // reduced (a parallel loop's iterations after its break): every view comes from here,
  // so the note precedes any discard, and code that makes no view pays nothing.
  static void identity_fn(void *p) {
    static const bool noted = (sprig_reducer_note_destroy(&reduce_fn, &destroy_fn), true);
    (void)noted;
    Monoid::identity(static_cast<value_type *>(p));
  }
  static void destroy_fn(void *p) { Monoid::destroy(static_cast<value_type *>(p)); }
  static void reduce_fn(void *l, void *r) {
    Monoid::reduce(static_cast<value_type *>(l), static_cast<value_type *>(r));
    Monoid::destroy(static_cast<value_type *>(r));
  }
  union {
    value_type leftmost_;
  };
};

}  // namespace sprig
#endif /* __cplusplus */

#endif /* SPRIG_REDUCER_H */
