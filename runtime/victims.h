//===- runtime/victims.h - close-first victim choice ----------------------===//
//
// What runtime/victims.cpp exports: each pool worker's victims, closest first, built
// from the topology (topology.h) when SPRIG_BIND pins the workers, and the pick of the
// next victim at each steal attempt.
//===----------------------------------------------------------------------===//
#pragma once
#include "config.h"
#include "global.h"
#include "topology.h"
#include <cstdint>
#include <vector>

namespace sprig {

struct Worker;

// A worker's victims, closest first: near[0, n_llc) share its LLC group, near[0, n_node)
// its NUMA node. Victims are worker ids (slot 0, the first root, counts as being at
// place 0). Workers farther away, and root slots past the pool, come from the uniform
// tier of choose_victim.
struct alignas(config::kCacheLine) VictimOrder {
  const int *near = nullptr;
  int n_llc = 0, n_node = 0;
  unsigned pick = 0;  // picks since the last steal (owner only)
};
// Worker `id`'s near victims (ids, increasing within each part): those whose place shares
// its LLC group first, then those that share only its NUMA node.
std::vector<int> near_victims(const Topology &t, Bind bind, int id, int nworkers,
                              int *n_llc, int *n_node);
// One pick: kVictimLlcPicks in the LLC group, then kVictimNodePicks in the node, then
// kVictimAnyPicks among every victim (0 .. nvictims-1 but `self`), round after round; an
// empty tier passes to the next. Deterministic given *rng and o->pick. nvictims >= 2.
int pick_victim(VictimOrder *o, uint64_t *rng, int self, int nvictims);
// start_workers, before the pool threads exist: build every pool worker's VictimOrder
// (binding on) or none (uniform choice).
void init_victims(int nworkers);
// The victim (a g.workers index, not w's own) a thief looks at next, among the first
// `nvictims` slots (victim_count(), at least 2). No system call, allocation or lock.
int choose_victim(Worker *w, int nvictims);
// The thief won a steal: its next search starts close again.
void victim_stolen(Worker *w);

}  // namespace sprig
