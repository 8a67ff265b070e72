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
//
// Programs without reducers. Until a reducer may exist (`g_in_use`, below) the slow
// paths do nothing but clear the thread-local: no piece list, no map, no lock, no
// allocation. The rule that keeps this exact: tracking is on before any strand that can
// reach a reducer splits. Every module that names a reducer entry point turns it on
// when it is loaded (the constructor plugin/Reducers.cpp adds: before main for the
// program and the libraries it links), and so does every registration. So a steal made
// with tracking off took a frame none of whose strands can reach a reducer. A thief
// decides once, before its CAS on the victim's deque (reducer_reserve), and the decision
// travels with the steal: the victim's pop fails only after that CAS, and the resumer
// comes after every piece's end, so whoever ends or resumes a piece of a tracked steal
// sees tracking on. The one way to turn it on late is to load a library that uses
// reducers (dlopen) while a computation runs: epochs stolen before then have no piece
// list, and their strands keep the null map. That is exact for a reducer registered in
// such a strand (it is that reducer's leftmost strand), not for one at namespace scope
// of that library used by two such strands at once (docs/design.md, "Known limits").
//
// Memory. Everything a steal needs is reserved before the CAS (reducer_reserve, next to
// fiber_reserve in sched_loop): the thief's map, its piece's node, a list header in case
// the steal is the frame's first, and one header for the end of a piece that reaches
// the frame before its thief has entered the list. Without memory the thief does not
// steal this round, as without a fiber. A merge allocates nothing (merge_views).
//===----------------------------------------------------------------------===//
#include "reducer.h"
#include "assertions.h"
#include "config.h"
#include "global.h"
#include "scheduler.h"
#include "sprig/abi.h"
#include "sprig/reducer.h"
#include "view_map.h"
#include "worker.h"
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>

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

// ---- whether any reducer may exist, and the test hooks ----

// True once a module that names a reducer entry point was loaded, or a reducer was
// registered (the rule in the header comment). Never cleared. Set with a release store
// only if it was clear (no line ping-pong on every registration); read relaxed: a reader
// that must see it set (a thief taking a frame pushed after it was set, the ending or
// resuming worker of a tracked steal) is ordered after the store by the deque's or the
// join counter's synchronisation, and coherence then forbids the older value.
std::atomic<bool> g_in_use{false};

void note_in_use() {
  if (!g_in_use.load(std::memory_order_relaxed))
    g_in_use.store(true, std::memory_order_release);
}

// SPRIGTEST_REDUCER_COUNTS (tests): every allocation and stripe lock of this file's
// scheduler paths, every steal they saw, and every steal given up for want of memory,
// printed at exit. Relaxed: statistics, read after the workers are done with them.
std::atomic<uint64_t> n_allocs{0}, n_locks{0}, n_steals{0}, n_given_up{0};
// SPRIGTEST_REDUCER_ALLOC_FAIL=N (tests): every Nth reservation allocation fails.
std::atomic<uint64_t> n_reserve_tries{0};

inline void count(std::atomic<uint64_t> &c) {
  if (__builtin_expect(g.settings.test_reducer_counts, 0))
    c.fetch_add(1, std::memory_order_relaxed);
}

void print_counts() {
  std::fprintf(stderr,
               "sprigtest reducers: steals %llu allocations %llu locks %llu "
               "given-up %llu\n",
               (unsigned long long)n_steals.load(), (unsigned long long)n_allocs.load(),
               (unsigned long long)n_locks.load(), (unsigned long long)n_given_up.load());
}

// Zeroed memory for the slow paths (malloc: the runtime calls no operator new on a
// worker, and a program's can throw).
void *slow_alloc(std::size_t bytes) {
  count(n_allocs);
  return std::calloc(1, bytes);
}

// An allocation of the reservation, the one place that may fail gracefully.
void *reserve_alloc(std::size_t bytes) {
  if (std::uint64_t k = g.settings.test_reducer_alloc_fail)
    if ((n_reserve_tries.fetch_add(1, std::memory_order_relaxed) + 1) % k == 0)
      return nullptr;
  return slow_alloc(bytes);
}

// ---- piece lists, in a table keyed by frame, one lock per stripe ----

// A piece of a stolen frame's sync epoch. The list is in serial order; a piece that
// merges into its left neighbour leaves it, so neighbours in the list are neighbours in
// the epoch with nothing merged between them.
struct Piece {
  ViewMap *id;   // the map the piece started with (piece 0: unknown, kUnknown)
  ViewMap *map;  // what it ended with (once `ended`)
  Piece *prev, *next;
  bool ended;
};
ViewMap *const kUnknown = reinterpret_cast<ViewMap *>(~std::uintptr_t(0));

struct Pieces {
  sprig_frame *frame;
  Pieces *next;  // the stripe's chain
  Piece first;   // piece 0
  Piece *last;
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

std::unique_lock<std::mutex> lock_stripe(Stripe &s) {
  count(n_locks);
  return std::unique_lock<std::mutex>(s.lock);
}

Pieces *find_list(Stripe &s, sprig_frame *f) {
  for (Pieces *p = s.head; p; p = p->next)
    if (p->frame == f)
      return p;
  return nullptr;
}

// Make f's list in the memory at `mem` (the stripe held), with piece 0 running. Made by
// whoever comes first: the thief of the first steal, or the victim's child_done, which
// may get there first (it runs as soon as the thief's CAS made its pop fail).
Pieces *new_list(Stripe &s, sprig_frame *f, void *mem) {
  Pieces *p = static_cast<Pieces *>(mem);
  p->frame = f;
  p->first = Piece{kUnknown, nullptr, nullptr, nullptr, false};
  p->last = &p->first;
  p->next = s.head;
  s.head = p;
  return p;
}

void unlink_list(Stripe &s, Pieces *p) {
  for (Pieces **q = &s.head; *q; q = &(*q)->next)
    if (*q == p) {
      *q = p->next;
      return;
    }
}

// Hand a piece node back to w's reservation (or free it): the next steal needs one.
void recycle_node(Worker *w, Piece *node) {
  // Assertion build: a node merged away is poisoned, so that a list still linked to it
  // fails at once (its prev and next point nowhere).
  SPRIG_DEBUG_ONLY(std::memset(static_cast<void *>(node), SPRIG_POISON_FILL, sizeof *node));
  if (!w->reducers.node)
    w->reducers.node = node;
  else
    std::free(node);
}

// Piece j ended with map m: merge it with the ended pieces beside it (right into left;
// merge_views allocates nothing).
void end_piece(Worker *w, Pieces *p, Piece *j, ViewMap *m) {
  j->map = m;
  j->ended = true;
  if (Piece *k = j->next; k && k->ended) {
    merge_views(j->map, k->map);
    j->next = k->next;
    (k->next ? k->next->prev : p->last) = j;
    recycle_node(w, k);
  }
  if (Piece *i = j->prev; i && i->ended) {
    merge_views(i->map, j->map);
    i->next = j->next;
    (j->next ? j->next->prev : p->last) = i;
    recycle_node(w, j);  // (not piece 0: it has a left neighbour)
  }
}

}  // namespace

// ---- the scheduler's slow paths (scheduler.cpp, stack_switch.h) ----

// Before a steal (sched_loop, next to fiber_reserve): decide whether the steal is
// tracked, and if so hold everything it may need. False: no memory, do not steal now.
bool reducer_reserve(Worker *w) {
  assert_owner(w, "only a worker's own thread fills its reducer reservation");
  ReducerReserve &r = w->reducers;
  r.tracking = g_in_use.load(std::memory_order_relaxed);
  if (!r.tracking)
    return true;  // nothing to hold: no lock, no allocation
  if (!r.map)
    if (void *p = reserve_alloc(sizeof(ViewMap)))
      r.map = new (p) ViewMap();
  if (!r.node)
    r.node = reserve_alloc(sizeof(Piece));
  if (!r.list)
    r.list = reserve_alloc(sizeof(Pieces));
  if (!r.end_list)
    r.end_list = reserve_alloc(sizeof(Pieces));
  if (r.map && r.node && r.list && r.end_list)
    return true;
  count(n_given_up);
  return false;
}

// A thief won f (after reducer_reserve said yes): with tracking, it starts piece s of
// f's epoch with the reserved map. Allocates nothing.
void reducer_steal(Worker *w, sprig_frame *f) {
  count(n_steals);
  assert_owner(w, "only a worker's own thread uses its reducer reservation");
  ReducerReserve &r = w->reducers;
  if (!r.tracking) {
    set_views(nullptr);  // (already null: no map exists without tracking)
    return;
  }
  ViewMap *m = static_cast<ViewMap *>(r.map);
  Piece *node = static_cast<Piece *>(r.node);
  r.map = r.node = nullptr;
  Stripe &s = stripe_of(f);
  {
    auto l = lock_stripe(s);
    Pieces *p = find_list(s, f);
    if (!p) {
      p = new_list(s, f, r.list);
      r.list = nullptr;
    }
    *node = Piece{m, nullptr, p->last, nullptr, false};
    p->last->next = node;
    p->last = node;
  }
  set_views(m);
}

// The strand running on this thread ends a piece of f: a child whose parent f was
// stolen (child_done), or f's last piece at a suspending sync (at_sync). Its map goes
// to f's piece list; the thread has no strand until it steals or resumes one.
void reducer_piece_ends(Worker *w, sprig_frame *f, bool at_sync) {
  assert_owner(w, "a strand ends on its own worker's thread");
  if (!g_in_use.load(std::memory_order_relaxed)) {
    set_views(nullptr);  // no steal was tracked: nothing to record
    return;
  }
  ViewMap *m = cur_views();
  Stripe &s = stripe_of(f);
  {
    auto l = lock_stripe(s);
    Pieces *p = find_list(s, f);
    if (!p) {
      // Piece 0 ends before the thief entered the list (or f's epoch was not tracked).
      // The memory: this worker's reservation, refilled before each steal and each
      // resume. It is empty only if a strand resumed after a failed refill ends here
      // first too; then the end cannot wait for memory (the child has returned, and the
      // frame's join counter must not be decremented before its views are recorded),
      // nor can the thief, which is past its CAS: the one abort left.
      void *mem = w->reducers.end_list;
      w->reducers.end_list = nullptr;
      if (!mem && !(mem = slow_alloc(sizeof(Pieces))))
        fatal("out of memory for reducer views (at the end of a stolen frame's piece)");
      p = new_list(s, f, mem);
    }
    Piece *j = &p->first;
    for (Piece *q = p->last; q != &p->first; q = q->prev)
      if (!q->ended && q->id == m) {
        j = q;
        break;
      }
    if (at_sync && j == &p->first && p->last != &p->first)
      j = p->last;  // (only if the sync's strand were not found: it is the last piece)
    end_piece(w, p, j, m);
  }
  set_views(nullptr);
}

// The worker resuming f at its sync: every piece has ended and merged into piece 0's
// map, which the continuation after the sync runs with.
void reducer_resume(Worker *w, sprig_frame *f) {
  assert_owner(w, "a frame is resumed on its resumer's own thread");
  if (!g_in_use.load(std::memory_order_relaxed)) {
    set_views(nullptr);
    return;
  }
  Stripe &s = stripe_of(f);
  ViewMap *m = nullptr;
  Pieces *p;
  {
    auto l = lock_stripe(s);
    p = find_list(s, f);
    if (p) {
      // Every piece ended (the join counter let us resume), and each end merged it with
      // the ended pieces beside it: one is left, piece 0, with the epoch's views.
      SPRIG_ASSERT(p->last == &p->first && p->first.ended && !p->first.next,
                   "at the sync every piece has ended and merged into piece 0");
      m = p->first.map;
      unlink_list(s, p);
    }
  }
  // The header goes to this worker's reservation for a piece's end (the resumed strand
  // may end one before it sees its scheduler loop again), else it is freed; without
  // one, a best-effort refill (no memory is fine here: reducer_piece_ends says why).
  ReducerReserve &r = w->reducers;
#if SPRIG_ASSERTIONS
  if (p)  // poisoned, as a merged-away node (recycle_node)
    std::memset(static_cast<void *>(p), SPRIG_POISON_FILL, sizeof *p);
#endif
  if (p && !r.end_list)
    r.end_list = p;
  else
    std::free(p);
  if (!r.end_list)
    r.end_list = reserve_alloc(sizeof(Pieces));
  set_views(m);
}

// A thread takes back its root frame: the root strand is the leftmost.
void reducer_root_taken_back() { set_views(nullptr); }

// A suspending scope exit (scheduler.cpp, __sprig_scope_suspend): the strand goes on
// after the scope, so its piece does not end; the map simply moves to the resumer (the
// scope's children that ran in parallel ended their own pieces, and the pieces of
// children spawned before the scope may still be running: nothing is merged here).
void *reducer_park(Worker *w) {
  assert_owner(w, "a strand is parked by its own worker's thread");
  void *m = cur_views();
  set_views(nullptr);
  return m;
}
void reducer_unpark(Worker *w, void *views) {
  assert_owner(w, "a strand is taken up on its resumer's own thread");
  set_views(static_cast<ViewMap *>(views));
}

void reducer_print_counts() { print_counts(); }

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

// A parallel loop whose body may `break` (plugin/early/ParallelLoops.cpp, the driver
// __sprig_pfor_dc_break): the strand's map when the driver starts.
void *__sprig_pfor_views(void) { return cur_views(); }

// The same driver, after each spawn of a lower half, in the continuation that runs the
// iterations from `start` on; `before` is the strand's map before the spawn. A map that
// changed across the spawn is the fresh one of a thief that stole this continuation
// (reducer_steal): nothing has used it yet, and every update it will hold comes from
// this half's iterations, from `start` on. It is marked as the loop's piece from
// `start`, for merge_views to discard if an earlier iteration ends the loop. A
// continuation that was not stolen finds the map it had (a child whose own frame was
// stolen from is resumed at its sync with the map that entered it): nothing to mark.
// Without reducers both are null. Only the thief touches its map until the piece ends,
// and the piece list's lock orders these writes before the merge that reads them.
void *__sprig_pfor_piece(sprig_pfor_state *st, uint64_t start, void *before) {
  ViewMap *m = cur_views();
  if (m && m != before) {
    m->pfor_min_k = &st->min_k;
    m->pfor_start = start;
  }
  return m;
}

void __sprig_reducer_note_destroy(void (*reduce)(void *, void *), void (*destroy)(void *)) {
  reducer_note_destroy(reduce, destroy);
}

// Called by the constructor the plugin adds to every module that names a reducer entry
// point (plugin/Reducers.cpp): from its load on, steals are tracked.
void __sprig_reducers_used(void) { note_in_use(); }

void __sprig_reducer_register(void *key, size_t size, size_t align,
                              void (*identity)(void *), void (*reduce)(void *, void *)) {
  note_in_use();  // (a hand-lowered program has no such constructor)
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
