//===- runtime/alloca.cpp - dynamic allocations of spawning functions ------===//
//
// alloca and variable-length arrays in a function that spawns. A stolen continuation runs
// with its stack pointer on the thief's fiber, and a sync moves the frame back to its own
// stack, so memory taken from "the current stack" could vanish under a live pointer. The
// plugin therefore replaces, in spawning functions only:
//   alloca T, n            -> __sprig_alloca(&arena, n * sizeof(T), align)
//   llvm.stacksave         -> arena (the current head: a mark)
//   llvm.stackrestore(m)   -> __sprig_alloca_release(&arena, m)   (a VLA's scope ends)
//   every return / resume  -> __sprig_alloca_release(&arena, null) (alloca lives until F
//                             returns, as in C)
// `arena` is a pointer-sized local of the function (frame-pointer addressed, so the same
// on every stack the function runs on); it heads a LIFO list of heap blocks. Only the
// runner of the function touches it: no synchronisation.
//===----------------------------------------------------------------------===//
#include "sprig/abi.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {
struct Header {  // sits right below the pointer handed out
  void *prev;    // the arena head before this block (a mark)
  void *raw;     // what malloc returned
};
}  // namespace

extern "C" void *__sprig_alloca(void **arena, size_t size, size_t align) {
  if (align < alignof(Header))
    align = alignof(Header);
  size_t total = size + align + sizeof(Header);
  void *raw = total > size ? std::malloc(total) : nullptr;
  if (!raw) {
    std::fprintf(stderr,
                 "sprig: out of memory for a %zu-byte alloca/variable-length array in a "
                 "spawning function\n",
                 size);
    std::abort();
  }
  uintptr_t p = reinterpret_cast<uintptr_t>(raw) + sizeof(Header);
  p = (p + align - 1) & ~(uintptr_t)(align - 1);
  auto *h = reinterpret_cast<Header *>(p) - 1;
  h->prev = *arena;
  h->raw = raw;
  *arena = reinterpret_cast<void *>(p);
  return *arena;
}

extern "C" void __sprig_alloca_release(void **arena, void *mark) {
  while (*arena && *arena != mark) {
    auto *h = static_cast<Header *>(*arena) - 1;
    *arena = h->prev;
    std::free(h->raw);
  }
}
