//===- runtime/victims.cpp - close-first victim choice ---------------------===//
//
// Which worker a thief looks at next (sched_loop). Without binding (SPRIG_BIND=none, the
// default) a uniform random choice among every victim but itself: an unpinned thread
// moves between CPUs, so a CPU seen at its start (sched_getcpu) would soon be stale and
// bias the choice towards workers that are no longer close. With binding, each pool
// worker's CPU is known for good, and it looks at close victims first (topology.h):
// config::kVictimLlcPicks picks in its LLC group, kVictimNodePicks in its NUMA node, then
// kVictimAnyPicks among all victims, root slots included, round after round; a won steal
// starts the round over. Root slots (application threads, not pinned) choose uniformly.
//
// Cost per pick: as the uniform choice, plus one owner-private counter: the orders are
// built once in start_workers, before the pool threads exist (pthread_create orders
// them before every read), and never change while the pool lives.
//===----------------------------------------------------------------------===//
#include "victims.h"
#include "config.h"
#include "global.h"
#include "topology.h"
#include "worker.h"
#include "xorshift.h"
#include <new>

namespace sprig {

static VictimOrder *g_orders = nullptr;  // [g_order_count]: pool workers' orders, or null
static int g_order_count = 0;

std::vector<int> near_victims(const Topology &t, Bind bind, int id, int nworkers,
                              int *n_llc, int *n_node) {
  std::vector<int> llc, node;
  const int np = static_cast<int>(t.cpu.size());
  const int me = bind_place(bind, id, nworkers, np);
  if (me >= 0) {
    for (int j = 0; j < nworkers; ++j) {
      int p = bind_place(bind, j, nworkers, np);
      if (j == id || p < 0)
        continue;
      if (t.llc[p] == t.llc[me])
        llc.push_back(j);
      else if (t.node[p] == t.node[me])
        node.push_back(j);
    }
  }
  *n_llc = static_cast<int>(llc.size());
  *n_node = static_cast<int>(llc.size() + node.size());
  llc.insert(llc.end(), node.begin(), node.end());
  return llc;
}

int pick_victim(VictimOrder *o, uint64_t *rng, int self, int nvictims) {
  constexpr unsigned kRound =
      config::kVictimLlcPicks + config::kVictimNodePicks + config::kVictimAnyPicks;
  const unsigned p = o->pick;
  o->pick = p + 1 == kRound ? 0 : p + 1;
  const uint64_t r = xorshift_next(rng);
  int v = -1;
  if (p < config::kVictimLlcPicks && o->n_llc > 0)
    v = o->near[r % static_cast<unsigned>(o->n_llc)];
  else if (p < config::kVictimLlcPicks + config::kVictimNodePicks && o->n_node > 0)
    v = o->near[r % static_cast<unsigned>(o->n_node)];
  if (v >= 0 && v < nvictims)
    return v;
  v = static_cast<int>(r % static_cast<uint64_t>(nvictims - 1));
  return v >= self ? v + 1 : v;
}

void init_victims(int nworkers) {
  // A previous pool's orders (before a fork) are leaked, as its workers are (fork.cpp).
  g_orders = nullptr;
  g_order_count = 0;
  const Topology *t = process_topology();
  if (g.settings.bind == Bind::None || !t || nworkers < 2)
    return;
  VictimOrder *orders = new VictimOrder[nworkers];
  for (int id = 1; id < nworkers; ++id) {  // pool workers; slot 0 is a root
    VictimOrder &o = orders[id];
    std::vector<int> near =
        near_victims(*t, g.settings.bind, id, nworkers, &o.n_llc, &o.n_node);
    int *a = new int[near.empty() ? 1 : near.size()];
    for (std::size_t i = 0; i < near.size(); ++i)
      a[i] = near[i];
    o.near = a;
  }
  g_orders = orders;
  g_order_count = nworkers;
}

int choose_victim(Worker *w, int nvictims) {
  const int id = w->id;
  if (g_orders && id > 0 && id < g_order_count)
    return pick_victim(&g_orders[id], &w->rng, id, nvictims);
  int v = static_cast<int>(xorshift_next(&w->rng) % static_cast<uint64_t>(nvictims - 1));
  return v >= id ? v + 1 : v;
}

void victim_stolen(Worker *w) {
  if (g_orders && w->id > 0 && w->id < g_order_count)
    g_orders[w->id].pick = 0;
}

}  // namespace sprig
