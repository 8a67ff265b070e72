//===- runtime/race/shadow.h - the last accesses to every byte -------------===//
//
// For every byte the program touched: the procedure (bags.h) that last wrote it and the
// access's code location, and the procedure of a read that no later strand is in series
// with (the "most recent parallel-or-serial reader", as SP-bags keeps it) with its
// location. 16 bytes of shadow per byte, in chunks of 64 KiB of application memory
// (1 MiB of shadow each), allocated on first touch from a two-level table over the
// 47-bit user address space. Byte granularity: children writing neighbouring chars of
// one array are not in a race, and are not reported as one.
//
// Memory ordering: none; used under the detector's lock.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstddef>
#include <cstdint>

namespace sprig::race {

struct Cell {
  std::uint32_t writer, wloc;  // procedure, location index (0: none)
  std::uint32_t reader, rloc;
};

class Shadow {
public:
  // The cell of byte `a` (created zeroed on first use), or null for an address outside
  // the user address space.
  Cell *cell(std::uintptr_t a);
  // Do the cells of [a, a + n) lie in one chunk (contiguous)?
  static bool same_chunk(std::uintptr_t a, std::size_t n) {
    return (a & ((std::uintptr_t(1) << kChunkBits) - 1)) + n <=
           (std::uintptr_t(1) << kChunkBits);
  }
  // Forget [a, a + n): fresh memory (a new heap block, a dead stack frame).
  void clear(std::uintptr_t a, std::size_t n);

private:
  static constexpr unsigned kChunkBits = 16;                // 64 KiB of memory
  static constexpr std::size_t kL1 = std::size_t(1) << 15;  // 2^47 / 2^32
  Cell **l1_[kL1] = {};
};

}  // namespace sprig::race
