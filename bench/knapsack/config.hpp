// bench/knapsack/config.hpp - 0/1 knapsack by branch and bound, as Cilk-5's knapsack:
// items sorted by value/weight, each call spawns the two branches (without the item,
// then with it), syncs, and prunes a branch whose fractional upper bound is below the
// best value found so far (best_so_far, shared by every branch).
//
// One change from Cilk-5: best_so_far starts at the optimum (computed by dynamic
// programming before the timer), so the search proves optimality and finds an optimal
// packing. In Cilk-5 it starts at -infinity and the size of the tree searched depends
// on the order in which branches run: with 40 items, 0.35 s serially "without" first, 2 ms
// "with" first, and libomp runs tasks undeferred in a one-thread team, so OpenMP at
// P=1 would search another tree than at P=2 (47 s at P=2 in one trial). With the optimum
// known, every order, schedule and competitor explores the same tree (every branch
// whose bound reaches the optimum), and the times compare runtimes, not luck.
//
// Suite input: 61 items from splitmix64 (seed 7), weights 20..99, value = weight + 10
// (strongly correlated, the hard case for the bound), capacity half the total weight.
#pragma once
#include "../common/bench.hpp"
#include <algorithm>
#include <atomic>
#include <climits>
#include <vector>

namespace cfg {
constexpr const char *kName = "knapsack";
constexpr long kItems = 61;
constexpr uint64_t kSeed = 7;

struct Item {
  int value, weight;
};

struct Problem {
  std::vector<Item> items;  // sorted by value/weight, best first
  int capacity = 0;
};

inline Problem input(long n) {
  Problem p;
  bench::Rng r(kSeed);
  long total = 0;
  for (long i = 0; i < n; ++i) {
    int w = 20 + static_cast<int>(r.next() % 80);
    int v = w + 10;
    p.items.push_back({v, w});
    total += w;
  }
  p.capacity = static_cast<int>(total / 2);
  std::sort(p.items.begin(), p.items.end(), [](const Item &a, const Item &b) {
    return static_cast<long>(a.value) * b.weight > static_cast<long>(b.value) * a.weight;
  });
  return p;
}

// Best value found so far by any branch (Cilk-5's best_so_far; relaxed atomics: the
// race is benign, as in Cilk, since only the bound reads it).
inline std::atomic<int> best_so_far{INT_MIN};

inline void record(int best) {
  int cur = best_so_far.load(std::memory_order_relaxed);
  while (best > cur &&
         !best_so_far.compare_exchange_weak(cur, best, std::memory_order_relaxed)) {
  }
}

// Should the branch at item e (capacity c left, value v so far) be cut?
inline bool prune(const Item *e, int c, int v) {
  double ub = static_cast<double>(v) + static_cast<double>(c) * e->value / e->weight;
  return ub < best_so_far.load(std::memory_order_relaxed);
}

// A greedy solution (items in ratio order, each taken if it fits): the initial best.
inline int greedy(const Problem &p) {
  int c = p.capacity, v = 0;
  for (const Item &it : p.items)
    if (it.weight <= c) {
      c -= it.weight;
      v += it.value;
    }
  return v;
}

inline int dp_answer(const Problem &p) {
  std::vector<int> best(p.capacity + 1, 0);
  for (const Item &it : p.items)
    for (int c = p.capacity; c >= it.weight; --c)
      best[c] = std::max(best[c], best[c - it.weight] + it.value);
  return best[p.capacity];
}

// Before the timer: the incumbent starts at the optimum (see above).
inline int start(const Problem &p) {
  int opt = dp_answer(p);
  best_so_far.store(opt);
  return opt;
}

// The search must return the optimum: some branch must have reached a packing of that
// value (the shared incumbent alone returns nothing: a pruned branch returns INT_MIN).
inline void check(const char *competitor, int want, int r) {
  if (r != want)
    bench::fail(kName, competitor, "best value %d, expected %d", r, want);
}
}  // namespace cfg
