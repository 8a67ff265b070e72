//===- runtime/trace.h - tracing by category (SPRIG_TRACE) ----------------===//
//
// SPRIG_TRACE=steal,sync prints one line per event of those categories to stderr.
// Compiled in always; a disabled category costs one load and a branch, and only slow
// paths trace (never the spawn fast path).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdio>
#include <cstring>

namespace sprig {

enum TraceCat : unsigned {
  kTraceSteal = 1u << 0,
  kTraceSync = 1u << 1,
  kTraceFiber = 1u << 2,
  kTraceRoot = 1u << 3,
};

inline unsigned trace_category(const char *name) {
  if (!std::strcmp(name, "steal"))
    return kTraceSteal;
  if (!std::strcmp(name, "sync"))
    return kTraceSync;
  if (!std::strcmp(name, "fiber"))
    return kTraceFiber;
  if (!std::strcmp(name, "root"))
    return kTraceRoot;
  if (!std::strcmp(name, "all"))
    return ~0u;
  return 0;
}

extern unsigned g_trace;

}  // namespace sprig

#define SPRIG_TRACE(cat, ...)                                                              \
  do {                                                                                     \
    if (__builtin_expect(::sprig::g_trace & (cat), 0)) {                                   \
      std::fprintf(stderr, "sprig[trace] " __VA_ARGS__);                                   \
      std::fputc('\n', stderr);                                                            \
    }                                                                                      \
  } while (0)
