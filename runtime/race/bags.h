//===- runtime/race/bags.h - SP-bags: which earlier strands run in parallel ===//
//
// Feng and Leiserson, "Efficient detection of determinacy races in Cilk programs",
// SPAA 1997 (doi 10.1145/258492.258493). The program runs serially, depth first. Every
// function that spawns, and every spawned statement, is a *procedure* F with two bags of
// procedures (disjoint sets, union-find):
//   S_F: F and the procedures that completed in series with F's current strand;
//   P_F: the children of F that completed but have not been synced yet (and whatever
//        completed in series within them).
// An earlier access by procedure X is logically parallel with the current strand iff X
// is in some P bag now. The updates:
//   F starts (called or spawned):          S_F = {F}, P_F = {}
//   spawned child C returns to F:          P_F = P_F u S_C
//   F syncs:                               S_F = S_F u P_F, P_F = {}
//   called F returns to its caller G:      S_G = S_G u S_F
// Union by rank with path halving: near-constant time per query.
//
// Memory ordering: none. One detector state per process, used under the detector's lock
// (runtime/race/detector.cpp); the computation it watches is serial.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

namespace sprig::race {

using Proc = std::uint32_t;  // 0: none

class Bags {
public:
  Bags() { node(); }  // procedure 0: "none"
  // A new procedure: S = {F}, P = {}.
  Proc make() {
    Proc f = node();
    kind_[f] = kS;
    return f;
  }
  // Is procedure x's earlier access logically parallel with the current strand?
  bool parallel(Proc x) { return x && kind_[find(x)] == kP; }
  void child_returned(Proc f, Proc c) {
    if (!pbag_[f]) {
      Proc r = find(c);
      kind_[r] = kP;
      pbag_[f] = r;
    } else {
      pbag_[f] = unite(pbag_[f], c, kP);
    }
  }
  void sync(Proc f) {
    if (pbag_[f]) {
      unite(f, pbag_[f], kS);
      pbag_[f] = 0;
    }
  }
  void returned(Proc g, Proc f) {
    sync(f);  // (a function that spawns syncs before it returns; an exception may not)
    unite(g, f, kS);
  }
  std::size_t size() const { return up_.size(); }

private:
  static constexpr std::uint8_t kS = 0, kP = 1;
  std::vector<Proc> up_;
  std::vector<std::uint8_t> rank_, kind_;
  std::vector<Proc> pbag_;  // a member of P_F, or 0 when empty

  Proc node() {
    Proc x = static_cast<Proc>(up_.size());
    up_.push_back(x);
    rank_.push_back(0);
    kind_.push_back(kS);
    pbag_.push_back(0);
    return x;
  }
  Proc find(Proc x) {
    while (up_[x] != x) {
      up_[x] = up_[up_[x]];
      x = up_[x];
    }
    return x;
  }
  // The union of the sets of a and b, of kind k; returns its root.
  Proc unite(Proc a, Proc b, std::uint8_t k) {
    a = find(a);
    b = find(b);
    if (a != b) {
      if (rank_[a] < rank_[b])
        std::swap(a, b);
      up_[b] = a;
      if (rank_[a] == rank_[b])
        ++rank_[a];
    }
    kind_[a] = k;
    return a;
  }
};

}  // namespace sprig::race
