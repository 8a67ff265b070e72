//===- runtime/deque.cpp - the split deque's slow paths -------------------===//
//
// sprig/deque.h has the deque's layout and its fast paths (the owner's push and pop,
// inline in generated code; the thief's steal of a public entry). This file has the
// rest, in two halves:
//
//  * The owner's slow paths, __sprig_push_slow and __sprig_pop_slow, which generated
//    code calls when a push passes `limit` or a pop falls below `pop_bound`. They pop a
//    public entry (Chase-Lev's fenced pop), answer a thief's request by publishing
//    private entries, and wake a sleeping worker.
//  * The thief's side of a request (steal_or_ask): ask an owner whose public part is
//    empty for work, and force a request left unanswered too long.
//
// The request protocol. States of `request`: NONE or DECLINED -> PENDING (a thief's
// CAS) -> NONE (the owner's CAS, once it published), or -> DECLINED (the owner's CAS: it
// had only an entry it just pushed, and the request came less than config::kLoneEntryNs
// before: a loop of tiny spawns, whose continuation is not worth a steal), or ->
// FORCING (a thief's CAS, the request being old) -> PENDING (that thief's store).
//  - Asking: CAS request NONE -> PENDING (seq_cst), then store request_ns, then
//    store limit = INT64_MIN and pop_bound = INT64_MAX (seq_cst). The owner's next push
//    or pop takes its slow path.
//  - Answering (serve): the owner refreshes limit, publishes (split store RELEASE: the
//    entries' frames are visible to a thief that acquires the new split), and only then
//    clears the request with a CAS PENDING -> NONE or DECLINED (RELEASE). A thief whose
//    CAS from there to PENDING reads that clear synchronises with it, so its own stores
//    to limit and pop_bound come after the owner's in their modification orders: a
//    request made after the clear is never overwritten by the answer to the previous one.
//  - pop_bound goes back to split (settle_pop_bound) only if, after the store and a
//    seq_cst fence, the owner reads request == NONE or DECLINED. That fence pairs with the
//    seq_cst CAS of an asking or forcing thief: either the owner sees the request (and
//    raises the bound again), or the thief's seq_cst store of INT64_MAX, sequenced after
//    its CAS, comes after the owner's store in pop_bound's modification order. So while a
//    request is PENDING or FORCING, pop_bound ends at INT64_MAX and every pop of the
//    owner past that point takes the fenced slow path.
//  - Forcing: CAS request PENDING -> FORCING (seq_cst), store pop_bound = INT64_MAX,
//    process-wide barrier, then load top and bottom (acquire) and take the oldest entry
//    with a CAS on top, as a Chase-Lev thief whose fence is the barrier. The owner's
//    fast pop is a store of bottom, a compiler barrier, a load of pop_bound: either its
//    store precedes the barrier's fence on the owner's CPU (the thief sees the new
//    bottom and leaves that entry alone), or its load follows it and sees INT64_MAX (the
//    owner pops in the fenced slow path, whose CAS on a last entry decides). Then store
//    request = PENDING: the owner answers at its next slow path, and repairs split if
//    the forced steal moved top past it.
//===----------------------------------------------------------------------===//
#include "deque.h"
#include "assertions.h"
#include "clock.h"
#include "config.h"
#include "fiber.h"
#include "global.h"
#include "reducer.h"
#include "sleep.h"
#include "sprig/abi.h"
#include "worker.h"
#include "xorshift.h"
#include <atomic>
#include <climits>
#include <sched.h>

namespace sprig {

// Owner: give up the CPU now and then under SPRIGTEST_STRESS (seeded per worker).
void stress_point(Worker *w) {
  assert_owner(w, "only the owner yields at its own slow paths");
  if (!g.settings.stress_seed)
    return;
  if (xorshift_next(&w->stress_rng) % config::kStressYieldOneIn == 0)
    sched_yield();
}

namespace {

// Process-wide: when the last forced steal started (CLOCK_MONOTONIC, ns).
std::atomic<long> last_force_ns{0};

// Owner: pop_bound back to s (the exact split), unless a request is pending or a forced
// steal is running, in which case it must stay INT64_MAX (the protocol above).
// Never below top: a forced steal that ran while serve() was deciding (it read the
// request PENDING, the forcer went PENDING -> FORCING -> PENDING, and serve's own CAS
// from PENDING then succeeded) took entries below top that serve's `s`, computed from
// an older top, may not cover; a fast pop of such an entry would take it a second time.
// Acquire: the caller's CAS on `request` (acq_rel) read the forcer's final store, so
// the forcer's CAS on top is visible here.
void settle_pop_bound(sprig_worker_abi *d, int64_t s) {
  int64_t t = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
  if (s < t)
    s = t;
  __atomic_store_n(&d->pop_bound, s, __ATOMIC_RELAXED);
  // Pairs with the seq_cst CAS of `request` by an asking or forcing thief, which is
  // followed by its seq_cst store of pop_bound = INT64_MAX.
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  int32_t r = __atomic_load_n(&d->request, __ATOMIC_RELAXED);
  if (r == SPRIG_REQUEST_PENDING || r == SPRIG_REQUEST_FORCING)
    __atomic_store_n(&d->pop_bound, INT64_MAX, __ATOMIC_RELAXED);
}

// Owner: the push bound of the current segment (sprig_worker_abi.limit).
int64_t seg_limit(const sprig_worker_abi *d) {
  return __atomic_load_n(&d->seg_base, __ATOMIC_RELAXED) + d->mask;
}

// Owner, in a slow path, bottom exact: answer a request, settle the bounds. `pushed`:
// called right after a push (the newest entry is the one just pushed). `waking`: we have
// just woken a sleeping worker, which will look for work at once: publish as if it had
// asked (else it would find only private entries, ask, and wait for our next slow path,
// which a long child puts off until the request is forced).
void serve(Worker *w, bool pushed, bool waking) {
  assert_owner(w, "only the owner answers requests on its deque");
  sprig_worker_abi *d = &w->abi;
  int32_t r = __atomic_load_n(&d->request, __ATOMIC_ACQUIRE);
  int64_t s = d->split;  // only the owner writes split: a plain read is exact
  int64_t t = __atomic_load_n(&d->top, __ATOMIC_RELAXED);
  if (s < t) {
    // A forced steal took private entries: nothing public is left. split follows top
    // (still <= bottom: a thief only takes entries below bottom).
    s = t;
    __atomic_store_n(&d->split, s, __ATOMIC_RELEASE);  // see __sprig_pop_slow
  }
  if (r == SPRIG_REQUEST_FORCING) {
    // A thief is taking an entry: keep the pops fenced, and come back at the next push.
    __atomic_store_n(&d->pop_bound, INT64_MAX, __ATOMIC_RELAXED);
    __atomic_store_n(&d->limit, INT64_MIN, __ATOMIC_RELAXED);
    return;
  }
  const int64_t b = d->bottom;
  // sprig/deque.h's rules, with top as read above (it only grows): top <= split <= bottom
  // once split follows a forced steal's top, and no more entries than the ring holds.
  SPRIG_ASSERT(t <= s && s <= b, "top <= split <= bottom at the owner's slow path");
  SPRIG_ASSERT(b - t <= d->mask + 1, "bottom - top <= the ring's capacity");
  if (waking && r != SPRIG_REQUEST_PENDING && b > s) {
    s += (b - s + 1) / 2;
    __atomic_store_n(&d->split, s, __ATOMIC_RELEASE);  // pairs with the steal's acquire
    w->stats.publishes.inc();
  }
  if (r == SPRIG_REQUEST_PENDING) {
    // Private entries other than one just pushed: worth publishing. The one just pushed
    // alone: only if the request waited long enough (config::kLoneEntryNs) for the
    // child before it to have run long; else we are a loop of tiny spawns, and the
    // thief would take the loop for one tiny child's worth of work: decline.
    const int64_t older = pushed ? b - 1 : b;
    const bool publish =
        older > s ||
        (b > s && (g.settings.stress_seed != 0 ||
                   monotonic_ns() - __atomic_load_n(&d->request_ns, __ATOMIC_RELAXED) >=
                       g.settings.lone_entry_ns));
    if (publish) {
      // Publish the older half of the private entries, at least one: the oldest carry
      // the most work, and the younger ones stay fence-free for our own pops.
      s += (b - s + 1) / 2;
      // Release: pairs with the thief's acquire load of split (sprig_deque_steal), so
      // the entries and their frames' saved contexts are visible to it.
      __atomic_store_n(&d->split, s, __ATOMIC_RELEASE);
      w->stats.publishes.inc();
      // The bound first, then the clear (the protocol above: a newer request's
      // lowering must come after this store).
      __atomic_store_n(&d->limit, seg_limit(d), __ATOMIC_RELAXED);
      int32_t expected = SPRIG_REQUEST_PENDING;
      // Release: see the protocol above; acquire: a forcer that finished since we read
      // the request made its last store PENDING, and its steal must be visible to
      // settle_pop_bound. Fails only if a thief is forcing now; settle_pop_bound then
      // keeps the pops fenced.
      __atomic_compare_exchange_n(&d->request, &expected, SPRIG_REQUEST_NONE, false,
                                  __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
    } else if (b > s) {
      // Decline (the bound first, then the state, as for the clear above). Thieves back
      // off from a declined victim before they ask again.
      __atomic_store_n(&d->limit, seg_limit(d), __ATOMIC_RELAXED);
      int32_t expected = SPRIG_REQUEST_PENDING;
      __atomic_compare_exchange_n(&d->request, &expected, SPRIG_REQUEST_DECLINED, false,
                                  __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
    } else {
      // Nothing private: keep the request, and answer it at our next push, which then
      // decides on its own entry.
      __atomic_store_n(&d->limit, INT64_MIN, __ATOMIC_RELAXED);
    }
  }
  settle_pop_bound(d, s);
  if (g.settings.stress_seed) {
    // SPRIGTEST_STRESS: every push and pop takes its slow path, where the owner may
    // yield (stress_point), whether or not a thief asked yet.
    __atomic_store_n(&d->limit, INT64_MIN, __ATOMIC_RELAXED);
    __atomic_store_n(&d->pop_bound, INT64_MAX, __ATOMIC_RELAXED);
  }
  // The bounds the owner's fast paths test (sprig/deque.h): an entry at or above
  // pop_bound is private (pop_bound >= split; INT64_MAX while a request is pending), and
  // a push at or below limit cannot overflow, nor overwrite an entry of the current
  // segment (limit = seg_base + mask; INT64_MIN to send the next push to its slow path).
  // Thieves only store INT64_MAX and INT64_MIN there, and top only grows: both hold
  // whatever they do.
  SPRIG_ASSERT(__atomic_load_n(&d->pop_bound, __ATOMIC_RELAXED) >= d->split,
               "pop_bound >= split: a fast pop never takes a public entry");
  SPRIG_DEBUG_ONLY(const int64_t limit = __atomic_load_n(&d->limit, __ATOMIC_RELAXED));
  SPRIG_ASSERT(limit == INT64_MIN || limit <= seg_limit(d),
               "limit <= seg_base + mask: a fast push never overwrites a segment's entry");
  SPRIG_ASSERT(__atomic_load_n(&d->seg_base, __ATOMIC_RELAXED) <=
                   __atomic_load_n(&d->top, __ATOMIC_RELAXED),
               "seg_base <= top: the segment began with the deque empty");
}

// Owner: the deque is empty with top == split == bottom == t and nobody else can change
// them. Every pop of a last entry advances the indices by one, so an owner that spawns
// and pops one entry at a time would walk its whole ring (8 MiB at the default depth)
// and keep every page of it resident. When t is SPRIG_DEQUE_REBASE_SLOTS or more into
// the ring, move them to the start of the next lap (slot 0), so only the first pages are
// ever touched. Indices stay monotone, so a thief holding an older top fails its CAS.
// Memory ordering: top first, then split and bottom with RELEASE. A thief that reads the
// new split (acquire) or, forcing, the new bottom (acquire) also sees the new top in its
// CAS (an RMW reads the latest top, and the store of top happens-before it): its CAS
// from the old top fails. A thief that reads the new top with the old split or bottom
// sees nothing to take.
void rebase(sprig_worker_abi *d, int64_t t) {
  if (__builtin_expect(
          (t & d->mask) < SPRIG_DEQUE_REBASE_SLOTS || t >= SPRIG_DEQUE_REBASE_MAX_INDEX, 1))
    return;
  int64_t next = (t | d->mask) + 1;  // start of the next lap
  __atomic_store_n(&d->top, next, __ATOMIC_RELAXED);
  __atomic_store_n(&d->split, next, __ATOMIC_RELEASE);   // pairs with the steal's acquire
  __atomic_store_n(&d->bottom, next, __ATOMIC_RELEASE);  // pairs with a forced steal's
  // The segment goes on at the new index: the entries below (taken by thieves) are
  // summed up in seg_up already (__sprig_pop_slow).
  __atomic_store_n(&d->seg_base, next, __ATOMIC_RELAXED);
  __atomic_store_n(&d->limit, next + d->mask, __ATOMIC_RELAXED);
}

}  // namespace

// Thief: ask the owner of `d` for work (the protocol above), from NONE or DECLINED.
static void ask(sprig_worker_abi *d, int32_t from) {
  if (!__atomic_compare_exchange_n(&d->request, &from, SPRIG_REQUEST_PENDING, false,
                                   __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
    return;  // someone else asked (or forces) already
  __atomic_store_n(&d->request_ns, monotonic_ns(), __ATOMIC_RELAXED);
  __atomic_store_n(&d->limit, INT64_MIN, __ATOMIC_SEQ_CST);
  __atomic_store_n(&d->pop_bound, INT64_MAX, __ATOMIC_SEQ_CST);
}

// Thief: take the oldest entry of `d`, private or not, after a process-wide barrier
// (the protocol above). The request is PENDING and old.
static sprig_steal_status force(sprig_worker_abi *d, sprig_frame **frame,
                                sprig_frame **announce, sprig_frame **up) {
  int32_t expected = SPRIG_REQUEST_PENDING;
  if (!__atomic_compare_exchange_n(&d->request, &expected, SPRIG_REQUEST_FORCING, false,
                                   __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
    return SPRIG_STEAL_LOST;  // answered meanwhile, or another thief forces
  __atomic_store_n(&d->pop_bound, INT64_MAX, __ATOMIC_SEQ_CST);
  __sprig_process_barrier();  // pairs with SPRIG_OWNER_FENCE in sprig_deque_pop
  sprig_steal_status r = SPRIG_STEAL_EMPTY;
  int64_t t = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
  int64_t b = __atomic_load_n(&d->bottom, __ATOMIC_ACQUIRE);  // pairs with push's release
  if (t < b) {
    sprig_frame *f = __atomic_load_n(&d->buf[t & d->mask], __ATOMIC_RELAXED);
    // Its ancestor, before the CAS that confirms it (as in sprig_deque_steal; our
    // acquire of bottom orders the owner's writes before the push).
    sprig_frame *anc = up ? sprig_deque_ancestor_of(d, t) : nullptr;
    // The announcement before the CAS, as in sprig_deque_steal (sprig_stolen_resume_pc).
    if (announce)
      __atomic_store_n(announce, f, __ATOMIC_SEQ_CST);
    // seq_cst: against other thieves and the owner's CAS on a last entry.
    if (__atomic_compare_exchange_n(&d->top, &t, t + 1, false, __ATOMIC_SEQ_CST,
                                    __ATOMIC_RELAXED)) {
      *frame = f;
      if (up)
        *up = anc;
      r = SPRIG_STEAL_WON;
    } else {
      r = SPRIG_STEAL_LOST;
    }
  }
  // Back to PENDING (a fresh one: the owner answers at its next slow path; pop_bound
  // stays INT64_MAX until then). seq_cst: the owner's settle_pop_bound must see a
  // non-NONE value either way.
  __atomic_store_n(&d->request_ns, monotonic_ns(), __ATOMIC_RELAXED);
  __atomic_store_n(&d->request, SPRIG_REQUEST_PENDING, __ATOMIC_SEQ_CST);
  return r;
}

// The resume point of a continuation whose entry the thief `w` won (`r`), read from the
// frame (and from the stack below its SP) while w announces the frame; then the
// announcement is withdrawn. RELEASE: pairs with the ACQUIRE load in child_done
// (runtime/scheduler.cpp), so the read of the stack word happens before the child's
// worker frees that stack; a worker that sees our announcement waits for this store.
static sprig_steal_status take_resume_pc(Worker *w, sprig_steal_status r, sprig_frame *f,
                                         void **resume_pc) {
  if (r == SPRIG_STEAL_WON)
    *resume_pc = sprig_stolen_resume_pc(f);
  w->resume_pc_of.store(nullptr, std::memory_order_release);
  return r;
}

sprig_steal_status steal_or_ask(Worker *w, Worker *victim, sprig_frame **frame,
                                DequeLook *look, void **resume_pc, sprig_frame **up) {
  assert_owner(w, "a thief steals for its own worker (its fiber pool, its stats)");
  SPRIG_ASSERT(victim != w, "a thief never steals from itself");
  sprig_worker_abi *d = &victim->abi;
  // Announce the frame of the entry we CAS for (resume_pc: a real steal; tests whose
  // entries are not frames pass null and announce nothing).
  sprig_frame **announce =
      resume_pc ? reinterpret_cast<sprig_frame **>(&w->resume_pc_of) : nullptr;
  static_assert(sizeof(std::atomic<sprig_frame *>) == sizeof(sprig_frame *) &&
                std::atomic<sprig_frame *>::is_always_lock_free);
  *look = DequeLook::Empty;
  if (sprig_deque_has_public(d)) {
    *look = DequeLook::Worth;
    // No stack for a continuation, or no memory for the reducer runtime's record of the
    // steal (runtime/reducer.cpp): do not steal; the owner runs it.
    if (!fiber_reserve(w) || !reducer_reserve(w))
      return SPRIG_STEAL_EMPTY;
    sprig_steal_status r = sprig_deque_steal(d, frame, announce, up);
    return resume_pc ? take_resume_pc(w, r, *frame, resume_pc) : r;
  }
  const bool stress = g.settings.stress_seed != 0;
  int32_t r = __atomic_load_n(&d->request, __ATOMIC_RELAXED);
  if (r == SPRIG_REQUEST_NONE || r == SPRIG_REQUEST_DECLINED) {
    // Private entries? (A read of the owner's line: only while nothing is public and no
    // request is pending.)
    if (sprig_deque_looks_empty(d))
      return SPRIG_STEAL_EMPTY;
    ask(d, r);
    w->stats.requests.inc();
    // After a decline (a loop of tiny spawns), ask again only after the churn back-off
    // (the scheduler pauses, longer each time in a row); the owner answers meanwhile.
    *look = r == SPRIG_REQUEST_DECLINED && !stress ? DequeLook::Churning : DequeLook::Worth;
    return SPRIG_STEAL_EMPTY;
  }
  if (r != SPRIG_REQUEST_PENDING || sprig_deque_looks_empty(d))
    return SPRIG_STEAL_EMPTY;
  *look = DequeLook::Worth;
  long now = monotonic_ns();
  long force_after = stress ? 0 : g.settings.force_after_ns;
  if (force_after < 0)
    return SPRIG_STEAL_EMPTY;
  if (now - __atomic_load_n(&d->request_ns, __ATOMIC_RELAXED) < force_after)
    return SPRIG_STEAL_EMPTY;
  long last = last_force_ns.load(std::memory_order_relaxed);
  if (!stress && force_after > 0 &&
      (now - last < config::kForceStealSpacingNs ||
       !last_force_ns.compare_exchange_strong(last, now, std::memory_order_relaxed)))
    return SPRIG_STEAL_EMPTY;
  if (!fiber_reserve(w) || !reducer_reserve(w))
    return SPRIG_STEAL_EMPTY;
  w->stats.forced_steals.inc();
  sprig_steal_status st = force(d, frame, announce, up);
  return resume_pc ? take_resume_pc(w, st, *frame, resume_pc) : st;
}

}  // namespace sprig

using namespace sprig;

// The push passed its bound: a thief asked for work, a worker sleeps, or the ring is
// far along. preserve_most: see sprig/deque.h (the plugin's calls rely on it).
extern "C" SPRIG_WAKE_CC void __sprig_push_slow(void) {
  Worker *w = self();
  const bool waking = __atomic_load_n(&__sprig_sleepers, __ATOMIC_RELAXED) != 0;
  // Publish before the wake, so that the woken worker finds the entry public.
  serve(w, true, waking);
  if (waking)
    wake_one();
  stress_point(w);
}

// The pop fell below its bound: entry b (bottom is b already) is public, or a request
// is pending or a forced steal may be taking entries. Chase-Lev's pop, with split in
// the role of the thieves' bottom. Returns 1 if entry b is ours.
extern "C" SPRIG_WAKE_CC int __sprig_pop_slow(int64_t b) {
  Worker *w = self();
  sprig_worker_abi *d = &w->abi;
  SPRIG_ASSERT(b == d->bottom, "the slow pop's entry is at bottom (already lowered)");
  // Every store of split is RELEASE, not only the publishing one: a thief's acquire
  // load of split may read any of them, and must still see the entries below the value
  // it reads (since C++20 a later relaxed store of the same thread no longer continues
  // the publish's release sequence). Plain stores on x86.
  if (b < d->split)  // (only the owner writes split) a public entry: take it back
    __atomic_store_n(&d->split, b, __ATOMIC_RELEASE);
  // Pairs with the thief's fence between its loads of top and split
  // (sprig_deque_steal): either it sees the lowered split, or we see its CAS's top.
  // A forcing thief's barrier pairs with our earlier store of bottom instead.
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  int64_t t = __atomic_load_n(&d->top, __ATOMIC_RELAXED);
  SPRIG_ASSERT(t <= b + 1, "top never passes the bottom before the pop");
  int got = 1;
  if (t >= b) {
    // t == b: ours is the last entry, race the thieves for it (seq_cst, as theirs).
    // t > b: a thief took it, t == b + 1 (top never passes the old bottom). Either way
    // the deque is empty at b + 1 afterwards, and no thief can move top from there.
    got = t == b && __atomic_compare_exchange_n(&d->top, &t, b + 1, false, __ATOMIC_SEQ_CST,
                                                __ATOMIC_RELAXED);
    __atomic_store_n(&d->split, b + 1, __ATOMIC_RELEASE);
    __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELEASE);  // as split's, for a forcer
    SPRIG_ASSERT(__atomic_load_n(&d->top, __ATOMIC_RELAXED) == b + 1,
                 "the deque is empty at b + 1, and no thief moves top from there");
    if (got) {
      // The segment goes on (entry b's frame is ours again), and every entry below b was
      // taken by a thief: their frames are the strand's ancestors still, summed up from
      // here on by the nearest of them (whose `up` its thief links to the next). Relaxed:
      // a thief reads these only for an entry pushed after this point, whose publication
      // (release) orders them. (Lost, the segment ends: the next one sets them.)
      sprig_frame *up = b > d->seg_base
                            ? __atomic_load_n(&d->buf[(b - 1) & d->mask], __ATOMIC_RELAXED)
                            : d->seg_up;
      __atomic_store_n(&d->seg_up, up, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&d->seg_base, b + 1, __ATOMIC_RELAXED);
    rebase(d, b + 1);
  }
  serve(w, false, false);
  stress_point(w);
  return got;
}
