//===- runtime/view_map.cpp - a strand's reducer views --------------------===//
//
// See view_map.h.
//===----------------------------------------------------------------------===//
#include "view_map.h"
#include <cstdlib>
#include <cstring>

namespace sprig {

static inline std::uint32_t slot_of(const void *key, std::uint32_t cap) {
  std::uint64_t h = reinterpret_cast<std::uintptr_t>(key);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  return static_cast<std::uint32_t>(h) & (cap - 1);
}

View *ViewMap::find(void *key) {
  if (!count)
    return nullptr;
  for (std::uint32_t i = slot_of(key, cap);; i = (i + 1) & (cap - 1)) {
    if (slots[i].key == key)
      return &slots[i];
    if (!slots[i].key)
      return nullptr;
  }
}

View *ViewMap::insert(void *key) {
  if (View *v = find(key))
    return v;
  if (2 * (count + 1) > cap) {
    std::uint32_t ncap = cap ? 2 * cap : 8;
    View *n = static_cast<View *>(std::calloc(ncap, sizeof(View)));
    if (!n)
      return nullptr;
    for (std::uint32_t i = 0; i < cap; ++i) {
      if (!slots[i].key)
        continue;
      std::uint32_t j = slot_of(slots[i].key, ncap);
      while (n[j].key)
        j = (j + 1) & (ncap - 1);
      n[j] = slots[i];
    }
    std::free(slots);
    slots = n;
    cap = ncap;
  }
  std::uint32_t i = slot_of(key, cap);
  while (slots[i].key)
    i = (i + 1) & (cap - 1);
  slots[i] = View{};
  slots[i].key = key;
  ++count;
  return &slots[i];
}

void ViewMap::erase(void *key) {
  if (!count)
    return;
  std::uint32_t i = slot_of(key, cap);
  while (slots[i].key != key) {
    if (!slots[i].key)
      return;
    i = (i + 1) & (cap - 1);
  }
  // Backward shift: move later members of the probe run into the hole when their home
  // slot does not lie strictly between the hole and them.
  std::uint32_t hole = i;
  for (std::uint32_t j = (i + 1) & (cap - 1); slots[j].key; j = (j + 1) & (cap - 1)) {
    std::uint32_t home = slot_of(slots[j].key, cap);
    bool between = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
    if (!between) {
      slots[hole] = slots[j];
      hole = j;
    }
  }
  slots[hole] = View{};
  --count;
}

void ViewMap::clear() {
  if (count)
    std::memset(static_cast<void *>(slots), 0, sizeof(View) * cap);
  count = 0;
}

void ViewMap::release() {
  std::free(slots);
  slots = nullptr;
  cap = count = 0;
}

void *view_alloc(std::size_t size, std::size_t align) {
  if (align < sizeof(void *))
    align = sizeof(void *);
  void *p = nullptr;
  if (posix_memalign(&p, align, size ? size : 1) != 0)
    return nullptr;
  return p;
}

void view_free(void *p) { std::free(p); }

}  // namespace sprig
