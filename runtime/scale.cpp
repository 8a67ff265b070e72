//===- runtime/scale.cpp - the work/span profiler's clock and report ------===//
//
// Two modes (docs/scale.md):
//  - measured (sprig++ --scale): a constructor of each instrumented module calls
//    __sprig_scale_init. The code keeps the thread's clock itself (sprig_scale_clock,
//    sprig/abi.h; plugin/Scale.cpp); here are the probes' readings of it and, at exit,
//    the report: one row per probe, in the order they were dumped, then the whole
//    program (the clock of the thread that calls exit, normally main's, with an empty
//    tag). Times are instructions, turned into seconds at the pace each region ran: its
//    wall time (the probes read it too) over its instructions; the program's, wall time
//    since __sprig_scale_init over the instructions counted by this thread.
//    SPRIG_SCALE_UNIT=instructions prints the counts themselves (exact, the same on
//    every run).
//  - timed (an ordinary build): the probes read the monotonic clock, and the report
//    (`tag,time`, seconds) is written only when SPRIG_SCALE_OUT names a file; the program
//    row is the time since the runtime was loaded. sprig-scale times each region of the
//    parallel program this way, at P = 1..N.
// The report goes to SPRIG_SCALE_OUT, or to stderr; a file that cannot be opened is said
// and the report goes to stderr (nothing is lost).
//
// Memory ordering: the clock is thread-local (no sharing). The rows are appended under
// a mutex by whatever thread dumps; the exit handler takes it too.
//===----------------------------------------------------------------------===//
#include "scale.h"
#include "config.h"
#include "global.h"
#include <sprig/abi.h>
#include <sprig/scale.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string>
#include <vector>

extern "C" {
// Initial-exec: instrumented code reaches it in one %fs-relative access (the executable
// and the libraries loaded with it; a module dlopen'ed later must be loaded with libsprig
// already in the process, as the dynamic loader then has static TLS room for it).
__attribute__((tls_model("initial-exec"))) __thread sprig_scale_clock __sprig_scale_clock;
uint64_t __sprig_scale_burden = sprig::config::kScaleBurdenInsns;
}

namespace sprig {
namespace {

std::uint64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000ull +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

struct Row {
  std::string tag;
  sprig_wsp_t w;
};

// Never destroyed: the exit handler may run after static destructors of this library.
struct Report {
  std::mutex mu;
  std::vector<Row> rows;
  bool measured = false;        // an instrumented module started
  bool handler = false;         // the exit handler is registered
  std::uint64_t loaded_ns = 0;  // the runtime was loaded (timed mode's program row)
  std::uint64_t start_ns = 0;   // __sprig_scale_init, first call (measured mode)
};
Report &report() {
  static Report *r = new Report;
  return *r;
}
std::atomic<bool> g_measured{false};

void write_report();

// Timed mode: with SPRIG_SCALE_OUT set, the report (at least the whole program's time)
// is written even by a program that dumps no probe. (getenv, not g.settings: the
// constructor that parses the environment may not have run yet; the report, written
// at exit, uses the parsed settings.)
__attribute__((constructor)) void note_load_time() {
  Report &r = report();
  r.loaded_ns = now_ns();
  const char *out = std::getenv("SPRIG_SCALE_OUT");
  if (out && *out && !r.handler) {
    r.handler = true;
    std::atexit(write_report);
  }
}

// A tag as one CSV field: quoted if it holds a comma, a quote or a line break.
std::string csv_field(const std::string &s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos)
    return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"')
      q += '"';
    q += c;
  }
  return q + "\"";
}

std::FILE *open_out(bool &close) {
  close = false;
  const char *path = g.settings.scale_out;
  if (!path)
    return stderr;
  std::FILE *f = std::fopen(path, "w");
  if (!f) {
    std::fprintf(
        stderr,
        "sprig: warning: cannot write the work/span report to SPRIG_SCALE_OUT='%s' "
        "(%s); writing it to standard error\n",
        path, std::strerror(errno));
    return stderr;
  }
  close = true;
  return f;
}

double ratio(std::uint64_t num, std::uint64_t den) {
  return den ? static_cast<double>(num) / static_cast<double>(den) : 0.0;
}

void write_measured() {
  Report &r = report();
  std::lock_guard<std::mutex> lock(r.mu);
  const sprig_scale_clock &c = __sprig_scale_clock;
  sprig_wsp_t total = {c.work, c.work - c.off, c.work - c.boff, now_ns() - r.start_ns};
  const bool insns = g.settings.scale_insns;
  // Seconds per instruction of the whole run: for a region that took no measurable time.
  const double run_pace = ratio(total.time_ns, total.work) * 1e-9;
  bool close;
  std::FILE *f = open_out(close);
  std::fprintf(f, "tag,work,span,parallelism,burdened_span,burdened_parallelism\n");
  auto row = [&](const std::string &tag, const sprig_wsp_t &w) {
    // A region's instructions in seconds at its own pace (its wall time in this serial
    // run over its work): the work in seconds is the region's time here.
    const double unit = w.time_ns && w.work ? ratio(w.time_ns, w.work) * 1e-9 : run_pace;
    if (insns)
      std::fprintf(f, "%s,%llu,%llu,%.6g,%llu,%.6g\n", csv_field(tag).c_str(),
                   static_cast<unsigned long long>(w.work),
                   static_cast<unsigned long long>(w.span), ratio(w.work, w.span),
                   static_cast<unsigned long long>(w.burdened_span),
                   ratio(w.work, w.burdened_span));
    else
      std::fprintf(f, "%s,%.9g,%.9g,%.6g,%.9g,%.6g\n", csv_field(tag).c_str(),
                   w.work * unit, w.span * unit, ratio(w.work, w.span),
                   w.burdened_span * unit, ratio(w.work, w.burdened_span));
  };
  for (const Row &x : r.rows)
    row(x.tag, x.w);
  row("", total);
  if (close)
    std::fclose(f);
  else
    std::fflush(f);
}

void write_timed() {
  Report &r = report();
  std::lock_guard<std::mutex> lock(r.mu);
  std::uint64_t total = now_ns() - r.loaded_ns;
  bool close;
  std::FILE *f = open_out(close);
  std::fprintf(f, "tag,time\n");
  for (const Row &x : r.rows)
    std::fprintf(f, "%s,%.9g\n", csv_field(x.tag).c_str(), x.w.work * 1e-9);
  std::fprintf(f, ",%.9g\n", total * 1e-9);
  if (close)
    std::fclose(f);
  else
    std::fflush(f);
}

void write_report() {
  if (g_measured.load(std::memory_order_relaxed))
    write_measured();
  else
    write_timed();
}

}  // namespace

bool scale_active() { return g_measured.load(std::memory_order_relaxed); }

}  // namespace sprig

using namespace sprig;

extern "C" void __sprig_scale_init(void) {
  Report &r = report();
  std::lock_guard<std::mutex> lock(r.mu);
  if (r.measured)
    return;  // one call per instrumented module; the first starts the clock
  r.measured = true;
  r.start_ns = now_ns();
  __sprig_scale_burden = g.settings.scale_burden;
  g_measured.store(true, std::memory_order_relaxed);
  if (!r.handler) {
    r.handler = true;
    std::atexit(write_report);
  }
}

extern "C" sprig_wsp_t __sprig_scale_workspan(void) {
  if (scale_active()) {
    const sprig_scale_clock &c = __sprig_scale_clock;
    return sprig_wsp_t{c.work, c.work - c.off, c.work - c.boff, now_ns()};
  }
  std::uint64_t t = now_ns();
  return sprig_wsp_t{t, t, t, t};
}

extern "C" void __sprig_scale_dump(sprig_wsp_t w, const char *tag) {
  Report &r = report();
  std::lock_guard<std::mutex> lock(r.mu);
  r.rows.push_back(Row{tag ? tag : "", w});
  // Timed mode reports only when asked to (an ordinary program prints nothing).
  if (!r.handler && (r.measured || g.settings.scale_out)) {
    r.handler = true;
    std::atexit(write_report);
  }
}
