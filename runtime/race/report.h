//===- runtime/race/report.h - distinct races, symbolized at exit ----------===//
//
// A race is reported once per pair of code locations (and kinds of access): the
// detector sees the same pair many times in a loop. Both accesses come with their call
// stacks. Locations are return addresses in
// instrumented code (the instruction after the call of the access hook); at exit they
// are turned into function, file:line:column by llvm-symbolizer (SPRIG_SYMBOLIZER, or
// LLVM 22's), one batch per module, with the module-relative address - 1 (inside the
// call: the access's own line).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace sprig::race {

enum Access : std::uint8_t { kRead = 0, kWrite = 1 };

// Call stacks, interned as a tree: node 0 is the empty stack; a node is its caller's
// node and the return address of the call (from ThreadSanitizer's function entry hook).
class Stacks {
public:
  Stacks() { nodes_.push_back({0, 0}); }
  std::uint32_t push(std::uint32_t parent, std::uintptr_t pc);
  std::uint32_t parent(std::uint32_t n) const { return nodes_[n].parent; }
  // The return addresses of n, innermost first.
  std::vector<std::uintptr_t> unwind(std::uint32_t n) const;

private:
  struct Node {
    std::uint32_t parent;
    std::uintptr_t pc;
  };
  std::vector<Node> nodes_;
  std::unordered_map<std::uint64_t, std::uint32_t> index_;  // (parent, pc) -> node
};

// An access's code location (its pc) and call stack, interned: index 0 is "unknown".
class Locations {
public:
  Locations() { locs_.push_back({0, 0}); }
  std::uint32_t intern(std::uintptr_t pc, std::uint32_t stack);
  std::uintptr_t pc(std::uint32_t i) const { return locs_[i].pc; }
  std::uint32_t stack(std::uint32_t i) const { return locs_[i].stack; }

private:
  struct Loc {
    std::uintptr_t pc;
    std::uint32_t stack;
  };
  std::vector<Loc> locs_;
  std::unordered_map<std::uint64_t, std::uint32_t> index_;
};

struct Race {
  std::uintptr_t addr;  // the first byte found
  Access earlier_kind, later_kind;
  std::uint32_t earlier, later;  // locations
};

class Reports {
public:
  // Record a race unless its pair of code locations (pcs, whatever the stacks) and
  // kinds is known already.
  void add(const Race &r, const Locations &locs);
  std::size_t count() const { return races_.size(); }
  // Print every race and the summary line to stderr.
  void print(const Locations &locs, const Stacks &stacks) const;

private:
  std::vector<Race> races_;
  std::set<std::tuple<std::uintptr_t, std::uintptr_t, int>> seen_;  // exact: no race lost
};

}  // namespace sprig::race
