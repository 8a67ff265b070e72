//===- runtime/reducer.cpp - reducer views across steals and syncs --------===//
//
// The hyperobject protocol (docs/design.md, "Reducers"; the user's side is
// include/sprig/reducer.h).
//
// Strands and their maps. Every strand (a stretch of the computation that one worker
// runs without a steal in between) has a view map (view_map.h), read by generated code
// from the thread-local `__sprig_tls_views`. Null is the leftmost strand: it uses the
// reducers' own storage. A spawn hands the child the parent's map and the continuation
// keeps it too, because the two run one after the other unless the continuation is
// stolen. So maps change only on the runtime's slow paths, below.
//
// Pieces. Once a frame F is stolen, its sync epoch (from the first steal to the sync)
// is cut into pieces, in serial order: piece 0 is the strand that entered F's epoch
// (the victim of the first steal: F's first children up to that steal), and each steal
// of F's continuation starts piece s, run by the thief with a fresh, empty map. A piece
// ends either at the child_done of its last child (its continuation was stolen) or, for
// the last piece, at the suspending sync. The piece list of F (`Pieces`) records each
// piece's identity (the map object it started with; maps keep their identity across
// merges, below) and, once it ended, the map it ended with. A piece is told by its map:
// at a child_done the ending strand's map is looked up among the pieces' identities,
// and a map that is none of them (or null) is piece 0's.
//
// Reduction in serial order. A piece that ends merges with a neighbouring run of ended
// pieces at once: right into left (the left map keeps its identity; into a null map
// means into the reducers' own storage). So at most one parked map per gap between
// running pieces exists, and when the last piece ends everything is merged into piece
// 0's map, which the worker that resumes F at its sync installs as its strand's map.
// Every view is made by `identity`, and destroyed once, by `reduce` (into its left
// neighbour), or at the reducer's unregistration.
//
// Memory ordering. A piece list is touched only under its stripe lock (by the thief
// that appends a piece, by the worker that ends one, by the resumer that takes the
// result), and a parked map only through it, so the lock orders every write to a map
// before its next owner's reads. The resumer holds the lock after the join counter's
// acq_rel decrement that let it resume, which itself follows every piece's end.
//===----------------------------------------------------------------------===//
#include "global.h"
#include "sprig/reducer.h"
#include "view_map.h"
#include <cstdlib>
#include <mutex>

extern "C" {
// The strand's map (null: the leftmost strand). Read by generated code through the
// inline sequence of the plugin's expansion of __sprig_reducer_view (plugin/Reducers.h).
__thread void *__sprig_tls_views = nullptr;
}

namespace sprig {
namespace {

// Through a volatile sequence, never a plain TLS access: runtime code can resume on
// another thread (worker.h, set_self).
inline ViewMap *cur_views() {
#if defined(__x86_64__) && defined(__ELF__) && !defined(SPRIG_NO_INLINE_TLS)
  void **slot;
  SPRIG_TLS_ADDRESS(__sprig_tls_views, slot);
  return static_cast<ViewMap *>(*slot);
#else
  return static_cast<ViewMap *>(__sprig_tls_views);
#endif
}

inline void set_views(ViewMap *m) {
#if defined(__x86_64__) && defined(__ELF__) && !defined(SPRIG_NO_INLINE_TLS)
  void **slot;
  SPRIG_TLS_ADDRESS(__sprig_tls_views, slot);
  *slot = m;
#else
  __sprig_tls_views = m;
#endif
}

[[noreturn]] void out_of_memory() { fatal("out of memory for reducer views"); }

// ---- piece lists, in a table keyed by frame, one lock per stripe ----

struct Piece {
  ViewMap *id;   // the map the piece started with (piece 0: unknown, kUnknown)
  ViewMap *map;  // what it ended with (state Ended)
  enum : unsigned char { Running, Ended, Merged } state;
};
ViewMap *const kUnknown = reinterpret_cast<ViewMap *>(~std::uintptr_t(0));

struct Pieces {
  sprig_frame *frame;
  Pieces *next;  // the stripe's chain
  Piece *v;
  unsigned n, cap;
};

constexpr unsigned kStripes = 64;
struct alignas(config::kCacheLine) Stripe {
  std::mutex lock;
  Pieces *head = nullptr;
};
Stripe stripes[kStripes];

Stripe &stripe_of(const sprig_frame *f) {
  std::uintptr_t h = reinterpret_cast<std::uintptr_t>(f);
  return stripes[(h >> 7 ^ h >> 13) % kStripes];
}

// F's piece list (the stripe held). Made with piece 0 running by whoever comes first:
// the thief of the first steal, or the victim's child_done, which may get there first
// (it runs as soon as the thief's CAS made its pop fail).
Pieces *pieces_of(Stripe &s, sprig_frame *f) {
  for (Pieces *p = s.head; p; p = p->next)
    if (p->frame == f)
      return p;
  Pieces *p = static_cast<Pieces *>(std::calloc(1, sizeof(Pieces)));
  if (!p)
    out_of_memory();
  p->frame = f;
  p->next = s.head;
  s.head = p;
  p->cap = 4;
  p->v = static_cast<Piece *>(std::calloc(p->cap, sizeof(Piece)));
  if (!p->v)
    out_of_memory();
  p->v[0] = Piece{kUnknown, nullptr, Piece::Running};
  p->n = 1;
  return p;
}

void pieces_remove(Stripe &s, Pieces *p) {
  for (Pieces **q = &s.head; *q; q = &(*q)->next)
    if (*q == p) {
      *q = p->next;
      break;
    }
  std::free(p->v);
  std::free(p);
}

// Piece j ended with map m: merge it with the ended runs beside it.
void end_piece(Pieces *p, unsigned j, ViewMap *m) {
  Piece *v = p->v;
  v[j].map = m;
  v[j].state = Piece::Ended;
  unsigned k = j + 1;
  while (k < p->n && v[k].state == Piece::Merged)
    ++k;
  if (k < p->n && v[k].state == Piece::Ended) {
    merge_views(v[j].map, v[k].map);
    v[k].map = nullptr;
    v[k].state = Piece::Merged;
  }
  int i = static_cast<int>(j) - 1;
  while (i >= 0 && v[i].state == Piece::Merged)
    --i;
  if (i >= 0 && v[i].state == Piece::Ended) {
    merge_views(v[i].map, v[j].map);
    v[j].map = nullptr;
    v[j].state = Piece::Merged;
  }
}

}  // namespace

// ---- the scheduler's slow paths (scheduler.cpp, stack_switch.h) ----

// A thief starts piece s of f with a fresh map (f is ours: we won it).
void reducer_steal(sprig_frame *f) {
  ViewMap *m = map_new();
  Stripe &s = stripe_of(f);
  {
    std::lock_guard<std::mutex> l(s.lock);
    Pieces *p = pieces_of(s, f);
    if (p->n == p->cap) {
      Piece *nv = static_cast<Piece *>(std::realloc(p->v, 2 * p->cap * sizeof(Piece)));
      if (!nv)
        out_of_memory();
      p->v = nv;
      p->cap *= 2;
    }
    p->v[p->n++] = Piece{m, nullptr, Piece::Running};
  }
  set_views(m);
}

// The strand running on this thread ends a piece of f: a child whose parent f was
// stolen (child_done), or f's last piece at a suspending sync (at_sync). Its map goes
// to f's piece list; the thread has no strand until it steals or resumes one.
void reducer_piece_ends(sprig_frame *f, bool at_sync) {
  ViewMap *m = cur_views();
  Stripe &s = stripe_of(f);
  {
    std::lock_guard<std::mutex> l(s.lock);
    Pieces *p = pieces_of(s, f);
    unsigned j = 0;
    for (unsigned i = p->n; i-- > 1;)
      if (p->v[i].state == Piece::Running && p->v[i].id == m) {
        j = i;
        break;
      }
    if (at_sync && j == 0 && p->n > 1)
      j = p->n - 1;  // (only if the sync's strand were not found: it is the last piece)
    end_piece(p, j, m);
  }
  set_views(nullptr);
}

// The worker resuming f at its sync: every piece has ended and merged into piece 0's
// map, which the continuation after the sync runs with.
void reducer_resume(sprig_frame *f) {
  Stripe &s = stripe_of(f);
  ViewMap *m = nullptr;
  {
    std::lock_guard<std::mutex> l(s.lock);
    for (Pieces *p = s.head; p; p = p->next)
      if (p->frame == f) {
        m = p->v[0].map;
        pieces_remove(s, p);
        break;
      }
  }
  set_views(m);
}

// A thread takes back its root frame: the root strand is the leftmost.
void reducer_root_taken_back() { set_views(nullptr); }

}  // namespace sprig

using namespace sprig;

extern "C" {
// The plugin's expansion of __sprig_reducer_view calls the lookup after a steal.
void *__sprig_reducer_lookup(void *map, void *key, size_t size, size_t align,
                             void (*identity)(void *), void (*reduce)(void *, void *));

// Out of line: what the plugin expands inline (plugin/Reducers.cpp).
void *__sprig_reducer_view(void *key, size_t size, size_t align, void (*identity)(void *),
                           void (*reduce)(void *, void *)) {
  ViewMap *m = cur_views();
  return m ? __sprig_reducer_lookup(m, key, size, align, identity, reduce) : key;
}

void *__sprig_reducer_lookup(void *map, void *key, size_t size, size_t align,
                             void (*identity)(void *), void (*reduce)(void *, void *)) {
  ViewMap *m = static_cast<ViewMap *>(map);
  return m ? view_lookup(m, key, size, align, identity, reduce) : key;
}

void __sprig_reducer_register(void *key, size_t size, size_t align,
                              void (*identity)(void *), void (*reduce)(void *, void *)) {
  // The leftmost strand needs nothing: the reducer's own storage is its view anyway.
  if (ViewMap *m = cur_views())
    view_register(m, key, size, align, identity, reduce);
}

void __sprig_reducer_unregister(void *key) {
  if (ViewMap *m = cur_views())
    view_unregister(m, key);
}

// The end of a [[sprig::reducer]] local's scope (the cleanup the plugin adds to its
// declaration: plugin/Rewrite.cpp); *guard is the local's address.
void __sprig_reducer_scope_end(void **guard) { __sprig_reducer_unregister(*guard); }

}  // extern "C"
