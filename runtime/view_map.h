//===- runtime/view_map.h - a strand's reducer views (the hypermap) -------===//
//
// The views one strand has made of reducers (docs/design.md, "Reducers"): key (the
// reducer's leftmost view, i.e. the variable itself) -> that strand's view. A strand
// whose map pointer is null is the leftmost one: it uses the variables themselves.
//
// A map is owned by one strand at a time (the worker running it, or a stolen frame's
// piece list while the strand is parked there, runtime/reducer.cpp), so nothing here
// is atomic: hand-offs between workers go through the piece list's lock or the frame's
// join counter (acq_rel), which order everything written before them.
//
// Open addressing with linear probing over a power-of-two table, grown at 1/2 load;
// removal by backward shift (no tombstones). Small: a map holds the reducers one strand
// touched, usually one or two.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstddef>
#include <cstdint>

namespace sprig {

using ReducerIdentity = void (*)(void *view);
using ReducerReduce = void (*)(void *left, void *right);

struct View {
  void *key = nullptr;   // the reducer's leftmost view (its own storage); null: free slot
  void *view = nullptr;  // this strand's view; == key where the reducer was registered
  std::size_t size = 0, align = 0;
  ReducerIdentity identity = nullptr;
  ReducerReduce reduce = nullptr;
};

struct ViewMap {
  // The last lookup's key and view: generated code reads them inline before it calls
  // __sprig_reducer_lookup (plugin/Reducers.cpp expands the view call so; these two
  // words, first and in this order, are that expansion's contract: abi_layout.cpp checks
  // them). Valid while the key is in the map: erase clears them.
  void *last_key = nullptr;
  void *last_view = nullptr;
  View *slots = nullptr;  // null until the first insert
  std::uint32_t cap = 0;  // a power of two, or 0
  std::uint32_t count = 0;
  ViewMap *next_free = nullptr;  // the free list of maps (reducer.cpp)
  // A parallel loop's piece (a loop whose body may `break`, runtime/reducer.cpp,
  // __sprig_pfor_piece): the strand began with this map at the loop's iteration
  // `pfor_start`, after a steal, so every view in it holds updates of iterations from
  // there on. merge_views destroys its views instead of reducing them once the loop's
  // first break or throw (*pfor_min_k) comes before pfor_start. Null: no such piece.
  const std::uint64_t *pfor_min_k = nullptr;
  std::uint64_t pfor_start = 0;

  View *find(void *key);
  // The slot for key, new (key set, the rest for the caller to fill) if absent.
  // Returns null only when memory runs out.
  View *insert(void *key);
  // The same without growing the table: null if that would leave no free slot.
  View *insert_in_place(void *key);
  void erase(void *key);
  // Call fn on each view, in no particular order; fn may not change the map.
  template <class Fn> void for_each(Fn fn) {
    for (std::uint32_t i = 0; i < cap; ++i)
      if (slots[i].key)
        fn(slots[i]);
  }
  void clear();    // forget every entry (the views are the caller's business)
  void release();  // clear, and free the table

private:
  View *place(void *key);  // a free slot for key (there is one)
};

// A view's memory: aligned, from malloc (the runtime calls no operator new on a worker).
void *view_alloc(std::size_t size, std::size_t align);
void view_free(void *p);

// The operations on maps that libsprig (runtime/reducer.cpp) and the race detector
// (runtime/race/detector.cpp, which gives every strand a map of its own) share. Each
// dies with a message if memory runs out.
ViewMap *map_new();
void map_delete(ViewMap *m);
// left <- left (+) right, in serial order (left first); right is freed. A null left is
// the leftmost strand: its views are the reducers' own storage. Allocates nothing that
// it cannot do without (runtime/view_map.cpp says why). A right map that is a parallel
// loop's piece after the loop's first break (pfor_min_k above) is discarded instead:
// its views are destroyed, not reduced.
void merge_views(ViewMap *left, ViewMap *right);
// Destroy a view that is not reduced: with the destroy function noted for its reduce
// function (reducer_note_destroy), else its storage is only freed.
void view_destroy(View &v);
// sprig::reducer<Monoid> notes Monoid's destroy for its reduce function (reducer.h): a
// discarded view can then be destroyed. At most a few hundred kinds are kept; others
// are freed without their destructor (docs/reducers.md).
void reducer_note_destroy(ReducerReduce reduce, void (*destroy)(void *));
// The strand's view of the reducer at key (m not null): found, or made by identity.
void *view_lookup(ViewMap *m, void *key, std::size_t size, std::size_t align,
                  ReducerIdentity identity, ReducerReduce reduce);
// A reducer made in this strand: its own storage is this strand's view (m not null).
void view_register(ViewMap *m, void *key, std::size_t size, std::size_t align,
                   ReducerIdentity identity, ReducerReduce reduce);
// A reducer going away: this strand's view of it, if any, is reduced into its storage.
void view_unregister(ViewMap *m, void *key);

}  // namespace sprig
