//===- runtime/view_map.cpp - a strand's reducer views --------------------===//
//
// See view_map.h.
//===----------------------------------------------------------------------===//
#include "view_map.h"
#include "assertions.h"
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <utility>

namespace sprig {

static inline std::uint32_t slot_of(const void *key, std::uint32_t cap) {
  std::uint64_t h = reinterpret_cast<std::uintptr_t>(key);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  return static_cast<std::uint32_t>(h) & (cap - 1);
}

View *ViewMap::find(void *key) {
  if (!count)
    return nullptr;
  for (std::uint32_t i = slot_of(key, cap);; i = (i + 1) & (cap - 1)) {
    if (slots[i].key == key)
      return &slots[i];
    if (!slots[i].key)
      return nullptr;
  }
}

View *ViewMap::insert(void *key) {
  if (View *v = find(key))
    return v;
  // Under half full after the insert, strictly: merge_views relies on it.
  if (2 * (count + 1) >= cap) {
    std::uint32_t ncap = cap ? 2 * cap : 8;
    View *n = static_cast<View *>(std::calloc(ncap, sizeof(View)));
    if (!n)
      return nullptr;
    for (std::uint32_t i = 0; i < cap; ++i) {
      if (!slots[i].key)
        continue;
      std::uint32_t j = slot_of(slots[i].key, ncap);
      while (n[j].key)
        j = (j + 1) & (ncap - 1);
      n[j] = slots[i];
    }
    std::free(slots);
    slots = n;
    cap = ncap;
  }
  return place(key);
}

View *ViewMap::insert_in_place(void *key) {
  if (View *v = find(key))
    return v;
  if (count + 2 > cap)
    return nullptr;  // keep a free slot: probing stops at one
  return place(key);
}

View *ViewMap::place(void *key) {
  SPRIG_ASSERT(count + 2 <= cap,
               "a free slot stays after the insert (probing stops at one)");
  std::uint32_t i = slot_of(key, cap);
  while (slots[i].key) {
    SPRIG_ASSERT(slots[i].key != key, "a key is in a map once (no double insert)");
    i = (i + 1) & (cap - 1);
  }
  slots[i] = View{};
  slots[i].key = key;
  ++count;
  return &slots[i];
}

void ViewMap::erase(void *key) {
  if (last_key == key)
    last_key = last_view = nullptr;
  if (!count)
    return;
  std::uint32_t i = slot_of(key, cap);
  while (slots[i].key != key) {
    if (!slots[i].key)
      return;
    i = (i + 1) & (cap - 1);
  }
  // Backward shift: move later members of the probe run into the hole when their home
  // slot does not lie strictly between the hole and them.
  std::uint32_t hole = i;
  for (std::uint32_t j = (i + 1) & (cap - 1); slots[j].key; j = (j + 1) & (cap - 1)) {
    std::uint32_t home = slot_of(slots[j].key, cap);
    bool between = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
    if (!between) {
      slots[hole] = slots[j];
      hole = j;
    }
  }
  slots[hole] = View{};
  --count;
}

void ViewMap::clear() {
  last_key = last_view = nullptr;
  if (count)
    std::memset(static_cast<void *>(slots), 0, sizeof(View) * cap);
  count = 0;
}

void ViewMap::release() {
  last_key = last_view = nullptr;
  std::free(slots);
  slots = nullptr;
  cap = count = 0;
}

void *view_alloc(std::size_t size, std::size_t align) {
  // Whole cache lines: each view is written by one worker, often in a tight loop, and
  // must share its line with nothing another worker writes.
  constexpr std::size_t kLine = 64;
  if (align < kLine)
    align = kLine;
  size = (size + kLine - 1) / kLine * kLine;
  void *p = nullptr;
  if (posix_memalign(&p, align, size ? size : 1) != 0)
    return nullptr;
  return p;
}

void view_free(void *p) { std::free(p); }

[[noreturn]] static void no_memory() {
  std::fputs("sprig: out of memory for reducer views\n", stderr);
  std::abort();
}

ViewMap *map_new() {
  void *p = std::calloc(1, sizeof(ViewMap));
  if (!p)
    no_memory();
  return new (p) ViewMap();
}

void map_delete(ViewMap *m) {
  m->release();
  // Assertion build: a map used after it was merged away or freed reads this poison
  // (its table pointer, its lookup cache) and fails at once, not much later.
  SPRIG_DEBUG_ONLY(std::memset(static_cast<void *>(m), SPRIG_POISON_FILL, sizeof *m));
  std::free(m);
}

// ---- destroying a view without reducing it (a parallel loop's discarded piece) ----

namespace {
// Append-only: an entry is written, then published by the release increment of the
// count; readers load the count with acquire and read only the entries below it. The
// mutex only orders writers among themselves.
struct DestroyFn {
  ReducerReduce reduce;
  void (*destroy)(void *);
};
constexpr std::uint32_t kDestroyFns = 512;
DestroyFn destroy_fns[kDestroyFns];
std::atomic<std::uint32_t> n_destroy_fns{0};
std::mutex destroy_fns_lock;
}  // namespace

void reducer_note_destroy(ReducerReduce reduce, void (*destroy)(void *)) {
  std::lock_guard<std::mutex> l(destroy_fns_lock);
  std::uint32_t n = n_destroy_fns.load(std::memory_order_relaxed);
  for (std::uint32_t i = 0; i < n; ++i)
    if (destroy_fns[i].reduce == reduce)
      return;
  if (n == kDestroyFns)
    return;  // (then such views are freed without their destructor)
  destroy_fns[n] = DestroyFn{reduce, destroy};
  n_destroy_fns.store(n + 1, std::memory_order_release);
}

void view_destroy(View &v) {
  std::uint32_t n = n_destroy_fns.load(std::memory_order_acquire);
  for (std::uint32_t i = 0; i < n; ++i)
    if (destroy_fns[i].reduce == v.reduce) {
      destroy_fns[i].destroy(v.view);
      break;
    }
  view_free(v.view);
}

// Whether `right` is a parallel loop's piece to discard. Exact (docs/design.md, section
// 4, "Break"): right began, after a steal, at the loop's iteration pfor_start, so all its
// updates come from iterations >= pfor_start. The merge runs once both neighbours have
// ended: every iteration of the left one, [its start, pfor_start), has finished, and a
// break or throw of one of them was recorded (under loop.cpp's mutex) before its strand
// ended, which happens before this merge (the piece list's stripe lock, or the join
// counter, runtime/reducer.cpp). So min_k < pfor_start now iff an iteration before
// right's ended the loop, unless that iteration is also before the left neighbour's
// start: then the left neighbour is discarded in turn (it is a later piece of this loop,
// or of an enclosing half, judged the same way with what it now holds), or it is the
// strand that entered the half, whose later iterations never started (they ran after the
// break on that strand, and saw it). Relaxed: min_k only decreases, and the write this
// must see happens before the load, so coherence gives it or a smaller value.
static bool discarded(const ViewMap *right) {
  if (!right->pfor_min_k)
    return false;
  std::uint64_t k = __atomic_load_n(right->pfor_min_k, __ATOMIC_RELAXED);
  return k < right->pfor_start;
}

// Allocates nothing when growing a table fails: it runs where a strand has already
// ended (a child_done, a sync), which cannot give up. The entries are combined in the
// larger of the two tables. Each table is under half full (insert grows it before it
// gets there), so the larger one has room for both: |L| + |R| < cap_L/2 + cap_R/2 <= the
// larger cap, which leaves a free slot for probing. Growing it is still tried first, to
// keep lookups short; `insert_in_place` is what makes it unnecessary.
void merge_views(ViewMap *left, ViewMap *right) {
  if (discarded(right)) {
    // Every update in right is an iteration's after the loop's first break: the serial
    // loop never made it. Views are destroyed; a registration (a reducer declared in such
    // an iteration, still in the map) just ends, as in a merge.
    right->for_each([&](View &r) {
      if (r.view != r.key)
        view_destroy(r);
    });
    map_delete(right);
    return;
  }
  if (!left) {
    // Into the leftmost strand: the reducers' own storage.
    right->for_each([&](View &r) {
      if (r.view != r.key) {  // (a registration made in the right strand just ends)
        r.reduce(r.key, r.view);
        view_free(r.view);
      }
    });
    map_delete(right);
    return;
  }
  // The left map keeps its identity (it is a piece's name, or a strand's map) and its
  // last lookup, whose view survives the merge; only the tables may change hands.
  // Every entry of the two ends up in `left`, once: the union of their keys.
  SPRIG_DEBUG_ONLY(const std::uint32_t entries = left->count + right->count;
                   std::uint32_t in_both = 0);
  bool flipped = left->cap < right->cap;
  if (flipped) {
    std::swap(left->slots, right->slots);
    std::swap(left->cap, right->cap);
    std::swap(left->count, right->count);
  }
  // Now `left` holds the larger table; `right` the other one's entries. `flipped`: those
  // are the left strand's.
  right->for_each([&](View &e) {
    View *d = left->find(e.key);
    if (!d) {
      // One strand only has it (a view, or the reducer's registration): it moves as is.
      d = left->insert(e.key);
      if (!d)
        d = left->insert_in_place(e.key);
      if (!d)
        no_memory();  // (unreachable while every table is under half full)
      *d = e;
      return;
    }
    // Both strands have one. The right one is a view made by identity (a reducer
    // registered in a strand has no view in the strands to its left): reduce it into the
    // left one, the left strand's first.
    SPRIG_DEBUG_ONLY(++in_both);
    View &l = flipped ? e : *d;
    View &r = flipped ? *d : e;
    r.reduce(l.view, r.view);
    view_free(r.view);
    if (flipped)
      *d = e;  // the left strand's view (or registration) is the one that stays
  });
  SPRIG_ASSERT(left->count == entries - in_both,
               "a merge leaves every key of both maps in the left one, once");
  map_delete(right);
}

void *view_lookup(ViewMap *m, void *key, std::size_t size, std::size_t align,
                  ReducerIdentity identity, ReducerReduce reduce) {
  if (View *v = m->find(key)) {
    m->last_key = key;
    m->last_view = v->view;
    return v->view;
  }
  // First access in this strand: a new view. Made before it is entered in the map, so
  // that an identity that itself looks up reducers finds the map consistent.
  void *p = view_alloc(size, align);
  if (!p)
    no_memory();
  identity(p);
  SPRIG_ASSERT(!m->find(key), "the identity did not make a view of its own reducer");
  View *v = m->insert(key);
  if (!v)
    no_memory();
  *v = View{key, p, size, align, identity, reduce};
  m->last_key = key;
  m->last_view = p;
  return p;
}

void view_register(ViewMap *m, void *key, std::size_t size, std::size_t align,
                   ReducerIdentity identity, ReducerReduce reduce) {
  View *v = m->insert(key);
  if (!v)
    no_memory();
  *v = View{key, key, size, align, identity, reduce};
}

void view_unregister(ViewMap *m, void *key) {
  View *v = m->find(key);
  if (!v)
    return;
  if (v->view != key) {
    // A view of a reducer going away in a strand that did not make it: what the serial
    // program has at this point is the reducer's value followed by this view's.
    v->reduce(key, v->view);
    view_free(v->view);
  }
  m->erase(key);
}

}  // namespace sprig
