// knapsack: the Cilk examples' 0-1 knapsack by branch and bound. Items sorted by value
// per unit of weight; each node spawns the branch without the item and takes the one
// with it, and prunes a branch whose fractional upper bound cannot beat the best value
// found so far. Checks against dynamic programming.
#include <cilk/cilk.h>
#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdio>
#include <vector>

struct item {
  int value, weight;
};

std::atomic<int> best_so_far{INT_MIN};

void raise_best(int v) {
  int cur = best_so_far.load(std::memory_order_relaxed);
  while (v > cur && !best_so_far.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
  }
}

// The best total value of e[0..n) within capacity c, on top of value v.
int knapsack(const item *e, int c, int n, int v) {
  if (c < 0)
    return INT_MIN;
  if (n == 0 || c == 0)
    return v;
  double ub = double(v) + double(c) * e->value / e->weight;
  if (ub < best_so_far.load(std::memory_order_relaxed))
    return INT_MIN;
  int without = cilk_spawn knapsack(e + 1, c, n - 1, v);
  int with = knapsack(e + 1, c - e->weight, n - 1, v + e->value);
  cilk_sync;
  int best = with > without ? with : without;
  raise_best(best);
  return best;
}

int main() {
  const int n = 36, cap = 500;
  std::vector<item> items(n);
  unsigned x = 12345;
  for (item &it : items) {
    x = x * 1103515245u + 12345u;
    it.weight = 10 + int((x >> 16) % 60);
    x = x * 1103515245u + 12345u;
    it.value = it.weight + int((x >> 16) % 40) - 10;
  }
  std::sort(items.begin(), items.end(), [](const item &a, const item &b) {
    return double(a.value) / a.weight > double(b.value) / b.weight;
  });
  int best = knapsack(items.data(), cap, n, 0);
  std::vector<int> dp(cap + 1, 0);
  for (const item &it : items)
    for (int c = cap; c >= it.weight; --c)
      dp[c] = std::max(dp[c], dp[c - it.weight] + it.value);
  bool ok = best == dp[cap];
  std::printf("knapsack %d items, capacity %d: best %d %s\n", n, cap, best, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
