/*===- sprig/scale.h - work/span probes for the profiler (sprig++ --scale) ===*
 *
 * A program built with `sprig++ --scale` measures its own work and span (docs/scale.md)
 * and, at exit, writes a CSV: one row per region measured here, then one for the whole
 * program (an empty tag):
 *
 *     tag,work,span,parallelism,burdened_span,burdened_parallelism
 *
 * Mark a region (any function, nested as you like; put syncs before its end, or its
 * spawned children are not in it yet):
 *
 *     {
 *       sprig::scale::probe p("sort");     // C++: from here ...
 *       sort(a, n);
 *     }                                    // ... to here (or p.stop())
 *
 *     sprig_wsp_t start = sprig_getworkspan();                   // C, as Cilkscale's
 *     sort(a, n);                                                // wsp_getworkspan
 *     sprig_wsp_dump(sprig_wsp_sub(sprig_getworkspan(), start), "sort");
 *
 * In a `--scale` build the figures are instructions of the instrumented code, turned
 * into seconds in the report at the pace the region ran (its wall time over its work). In
 * an ordinary sprig++ build the probes measure wall-clock time (all three fields, in
 * nanoseconds) and the report, written only if SPRIG_SCALE_OUT names a file, is `tag,time`
 * in seconds: `sprig-scale` times the regions of the parallel program with it. Under any
 * other compiler, or with no runtime linked, the probes cost nothing and report nothing
 * (the runtime's entry points are weak references here).
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_SCALE_H
#define SPRIG_SCALE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A reading of the clock. --scale build: instructions (work, span, burdened span of
 * the computation so far) and the wall time, which turns a region's instructions into
 * seconds at that region's own pace. Ordinary build: all four are the wall time. */
typedef struct sprig_wsp {
  uint64_t work;
  uint64_t span;
  uint64_t burdened_span;
  uint64_t time_ns;
} sprig_wsp_t;

/* libsprig (runtime/scale.cpp). Weak: null where no runtime is linked. */
__attribute__((weak)) sprig_wsp_t __sprig_scale_workspan(void);
__attribute__((weak)) void __sprig_scale_dump(sprig_wsp_t w, const char *tag);

static inline sprig_wsp_t sprig_wsp_zero(void) {
  sprig_wsp_t z = {0, 0, 0, 0};
  return z;
}
/* Work and span of the computation so far, on this thread: every strand executed, and
 * the longest path through the strands that have joined (a child not yet synced is not
 * on it). Differences of two readings around a region are the region's figures. */
static inline sprig_wsp_t sprig_getworkspan(void) {
  return __sprig_scale_workspan ? __sprig_scale_workspan() : sprig_wsp_zero();
}
static inline sprig_wsp_t sprig_wsp_add(sprig_wsp_t a, sprig_wsp_t b) {
  sprig_wsp_t r = {a.work + b.work, a.span + b.span, a.burdened_span + b.burdened_span,
                   a.time_ns + b.time_ns};
  return r;
}
static inline sprig_wsp_t sprig_wsp_sub(sprig_wsp_t a, sprig_wsp_t b) {
  sprig_wsp_t r = {a.work - b.work, a.span - b.span, a.burdened_span - b.burdened_span,
                   a.time_ns - b.time_ns};
  return r;
}
/* One row of the report (the tag is copied). */
static inline void sprig_wsp_dump(sprig_wsp_t w, const char *tag) {
  if (__sprig_scale_dump)
    __sprig_scale_dump(w, tag);
}

#ifdef __cplusplus
}  // extern "C"

namespace sprig {
namespace scale {
using workspan = sprig_wsp_t;
inline workspan now() { return sprig_getworkspan(); }

// A region from its construction to stop() or its destruction, reported under `tag`.
class probe {
public:
  explicit probe(const char *tag) : tag_(tag), start_(sprig_getworkspan()) {}
  ~probe() { stop(); }
  probe(const probe &) = delete;
  probe &operator=(const probe &) = delete;
  // Ends the region now (once; the destructor then does nothing).
  void stop() {
    if (!tag_)
      return;
    sprig_wsp_dump(sprig_wsp_sub(sprig_getworkspan(), start_), tag_);
    tag_ = nullptr;
  }

private:
  const char *tag_;
  workspan start_;
};
}  // namespace scale
}  // namespace sprig
#endif

#endif /* SPRIG_SCALE_H */
