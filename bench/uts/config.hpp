// bench/uts/config.hpp - Unbalanced Tree Search (after Olivier et al., UTS): count the
// nodes of an implicit random tree. A node is a 64-bit state; child i of state s has
// state mix64(s ^ mix64(i + 1)) (mix64 = splitmix64's finaliser). A node at depth
// d < kMaxDepth has a geometrically distributed number of children, mean kB (P(k) =
// q (1-q)^k with q = 1/(1+kB), from the top 53 bits of its state, capped at
// kMaxChildren); nodes at kMaxDepth are leaves. Geometric trees are unbalanced: a
// subtree can be empty or hold millions of nodes, and only the search finds out.
// Suite input: kB = 4, kMaxDepth = 12, root state 30: 9,949,419 nodes.
// Every node costs one log() and a few hashes; every child is one task.
#pragma once
#include "../common/bench.hpp"
#include <cmath>

namespace cfg {
constexpr const char *kName = "uts";
constexpr double kB = 4.0;
constexpr int kMaxDepth = 12;
constexpr int kMaxChildren = 64;
constexpr uint64_t kRoot = 30;
constexpr long kExpectedNodes = 9'949'419;  // nodes of this tree (the serial count)

inline int num_children(uint64_t s, int depth) {
  if (depth >= kMaxDepth)
    return 0;
  double u = static_cast<double>(bench::mix64(s) >> 11) * 0x1.0p-53;  // [0, 1)
  // Geometric with mean kB: floor(log(1 - u) / log(1 - q)), q = 1 / (1 + kB).
  static const double inv_log = 1.0 / std::log(kB / (1.0 + kB));
  int k = static_cast<int>(std::log1p(-u) * inv_log);
  return k < kMaxChildren ? k : kMaxChildren;
}

inline uint64_t child(uint64_t s, int i) {
  return bench::mix64(s ^ bench::mix64(static_cast<uint64_t>(i) + 1));
}

// The suite's tree is checked against its known size; another root (first argument)
// only against the serial count, by bench.sh.
inline void check(const char *competitor, long nodes, bool default_tree) {
  if (default_tree && nodes != kExpectedNodes)
    bench::fail(kName, competitor, "counted %ld nodes, expected %ld", nodes,
                kExpectedNodes);
}

inline uint64_t root_arg(int argc, char **argv, bool *default_tree) {
  long r = bench::arg_or(argc, argv, static_cast<long>(kRoot));
  *default_tree = r == static_cast<long>(kRoot);
  return static_cast<uint64_t>(r);
}
}  // namespace cfg
