//===- runtime/race/shadow.cpp - the last accesses to every byte -----------===//
#include "shadow.h"
#include <cstring>
#include <sys/mman.h>

namespace sprig::race {

namespace {
void *map_zeroed(std::size_t n) {
  void *p = mmap(nullptr, n, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}
constexpr std::size_t kChunkCells = std::size_t(1) << 16;
constexpr std::size_t kL2Entries = std::size_t(1) << 16;
}  // namespace

Cell *Shadow::cell(std::uintptr_t a) {
  if (a >> 47)
    return nullptr;
  std::size_t i1 = a >> 32, i2 = (a >> kChunkBits) & (kL2Entries - 1);
  Cell **l2 = l1_[i1];
  if (!l2) {
    l2 = static_cast<Cell **>(map_zeroed(kL2Entries * sizeof(Cell *)));
    if (!l2)
      return nullptr;
    l1_[i1] = l2;
  }
  Cell *chunk = l2[i2];
  if (!chunk) {
    chunk = static_cast<Cell *>(map_zeroed(kChunkCells * sizeof(Cell)));
    if (!chunk)
      return nullptr;
    l2[i2] = chunk;
  }
  return &chunk[a & (kChunkCells - 1)];
}

void Shadow::clear(std::uintptr_t a, std::size_t n) {
  std::uintptr_t end = a + n;
  while (a < end && !(a >> 47)) {
    std::uintptr_t chunk_end = (a | (kChunkCells - 1)) + 1;
    std::uintptr_t stop = chunk_end < end ? chunk_end : end;
    Cell **l2 = l1_[a >> 32];
    if (Cell *chunk = l2 ? l2[(a >> kChunkBits) & (kL2Entries - 1)] : nullptr)
      std::memset(&chunk[a & (kChunkCells - 1)], 0, (stop - a) * sizeof(Cell));
    a = stop;
  }
}

}  // namespace sprig::race
