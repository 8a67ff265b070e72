//===- runtime/env.cpp - SPRIG_* environment variables --------------------===//
//
// Read once, at process start (a constructor); reading them starts no thread.
//
//   SPRIG_NWORKERS     1..1024           workers (default: CPUs in the affinity mask)
//   SPRIG_STACKSIZE    64K..1G           fiber stack size in bytes; suffix K, M or G,
//                                        with an optional B (4M, 4MB, 4mb, 65536B)
//   SPRIG_DEQUE_DEPTH  1024..16777216    deepest spawn nesting on one worker
//   SPRIG_STATS        boolean           print per-worker statistics at exit
//   SPRIG_TRACE        list of: steal,sync,fiber,root (or all)
//   SPRIG_DISPLAY_ENV  boolean           print the settings in effect at start
//   SPRIG_SCALE_OUT    a file name       where the work/span report goes (stderr)
//   SPRIG_SCALE_UNIT   seconds|instructions   the report's unit of time (seconds)
//   SPRIG_SCALE_BURDEN 0..10^9           a steal's cost in instructions, charged to
//                                        each spawn's continuation (docs/scale.md)
//   SPRIG_BIND         none|close|spread pin pool workers to CPUs, as OMP_PROC_BIND
//                                        (runtime/topology.cpp; default none)
// Booleans as OpenMP users type them: 1/0, true/false, yes/no, on/off (any case).
// Leading and trailing white space is ignored.
//
// A bad value never stops the program (the OpenMP convention; a library loaded by, say,
// Python must not kill its host from a constructor): the runtime warns once, naming the
// variable, the value, what it accepts and the value it uses instead (the default), and
// goes on. An unknown SPRIG_* variable (a typo: SPRIG_NWORKER) gets a warning too.
//===----------------------------------------------------------------------===//
#include "env.h"
#include "config.h"
#include "global.h"
#include "sprig/abi.h"
#include "topology.h"
#include "trace.h"
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sched.h>
#include <string>
#include <unistd.h>

extern char **environ;

namespace sprig {

// Every variable the runtime reads (the unknown-variable warning checks against it).
static const char *const kKnownVariables[] = {
    "SPRIG_NWORKERS",     "SPRIG_STACKSIZE",   "SPRIG_DEQUE_DEPTH", "SPRIG_STATS",
    "SPRIG_TRACE",        "SPRIG_DISPLAY_ENV", "SPRIG_SCALE_OUT",   "SPRIG_SCALE_UNIT",
    "SPRIG_SCALE_BURDEN", "SPRIG_BIND",
};

static void warn_bad(const char *var, const char *val, const char *allowed,
                     const std::string &used) {
  std::fprintf(stderr, "sprig: warning: ignoring %s='%s': expected %s; using %s\n", var,
               val, allowed, used.c_str());
}

// The value without leading and trailing white space.
static std::string trimmed(const char *s) {
  const char *b = s;
  while (*b && std::isspace(static_cast<unsigned char>(*b)))
    ++b;
  const char *e = b + std::strlen(b);
  while (e > b && std::isspace(static_cast<unsigned char>(e[-1])))
    --e;
  return std::string(b, e);
}

// Parses a decimal integer (digits only: no sign) with an optional K/M/G suffix and an
// optional B after it (when `suffixes`).
static bool parse_size(const std::string &str, bool suffixes, unsigned long long *out) {
  const char *s = str.c_str();
  // Digits first: strtoull would accept a sign, and negate the value for '-'
  // ('-18446744073709551615' parsed as 1).
  if (*s < '0' || *s > '9')
    return false;
  errno = 0;
  char *end = nullptr;
  unsigned long long v = std::strtoull(s, &end, 10);
  if (errno || end == s)
    return false;
  if (suffixes && *end) {
    unsigned shift = 0;
    switch (*end) {
    case 'k':
    case 'K':
      shift = 10;
      break;
    case 'm':
    case 'M':
      shift = 20;
      break;
    case 'g':
    case 'G':
      shift = 30;
      break;
    case 'b':
    case 'B':
      break;  // bytes, said explicitly
    default:
      return false;
    }
    if (shift) {
      ++end;
      if (v > (~0ull >> shift))
        return false;
      v <<= shift;
    }
    if (*end == 'b' || *end == 'B')
      ++end;
  }
  if (*end)
    return false;
  *out = v;
  return true;
}

// 1/0, true/false, yes/no, on/off, any case.
static bool parse_bool(const std::string &s, bool *out) {
  std::string l;
  for (char c : s)
    l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char *t : {"1", "true", "yes", "on"})
    if (l == t)
      return *out = true, true;
  for (const char *f : {"0", "false", "no", "off"})
    if (l == f)
      return *out = false, true;
  return false;
}

static const char *kBoolWords = "1, 0, true, false, yes, no, on or off";

static int affinity_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0)
      return n;
  }
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : 1;
}

// Unknown SPRIG_* variables: most likely a typo of a known one.
static void warn_unknown_variables() {
  if (!environ)
    return;
  for (char **e = environ; *e; ++e) {
    if (std::strncmp(*e, "SPRIG_", 6) != 0)
      continue;
    const char *eq = std::strchr(*e, '=');
    std::size_t len = eq ? static_cast<std::size_t>(eq - *e) : std::strlen(*e);
    bool known = false;
    for (const char *k : kKnownVariables)
      if (std::strlen(k) == len && std::strncmp(*e, k, len) == 0)
        known = true;
    if (!known)
      std::fprintf(stderr,
                   "sprig: warning: unknown environment variable %.*s (ignored); Sprig "
                   "reads SPRIG_NWORKERS, SPRIG_STACKSIZE, SPRIG_DEQUE_DEPTH, SPRIG_STATS, "
                   "SPRIG_TRACE, SPRIG_DISPLAY_ENV, SPRIG_SCALE_OUT, SPRIG_SCALE_UNIT, "
                   "SPRIG_SCALE_BURDEN and SPRIG_BIND\n",
                   static_cast<int>(len), *e);
  }
}

static std::string trace_names(unsigned mask) {
  if (!mask)
    return "(none)";
  std::string out;
  for (const char *n : {"steal", "sync", "fiber", "root"})
    if (mask & trace_category(n))
      out += (out.empty() ? "" : ",") + std::string(n);
  return out;
}

static const char *bind_name(Bind b) {
  return b == Bind::Close ? "close" : b == Bind::Spread ? "spread" : "none";
}

// SPRIG_BIND's line: the policy, and under close or spread each worker's CPU
// ("worker:CPU", * for worker 0, an application thread, which is not pinned).
static std::string bind_line(const Settings &s) {
  std::string line = std::string("'") + bind_name(s.bind) + "'";
  const Topology *t = process_topology();
  if (s.bind == Bind::None || !t)
    return line + " (workers not pinned)";
  return line + " (worker:CPU " + bind_description(*t, s.bind, s.nworkers) +
         "; *: the application thread, not pinned)";
}

void display_settings(const Settings &s) {
  std::fprintf(stderr,
               "SPRIG DISPLAY ENVIRONMENT BEGIN\n"
               "  _SPRIG_ABI_VERSION = '%d'\n"
               "  SPRIG_NWORKERS = '%d'%s\n"
               "  SPRIG_STACKSIZE = '%zu'\n"
               "  SPRIG_DEQUE_DEPTH = '%zu'\n"
               "  SPRIG_STATS = '%s'\n"
               "  SPRIG_TRACE = '%s'\n"
               "  SPRIG_SCALE_OUT = '%s'\n"
               "  SPRIG_SCALE_UNIT = '%s'\n"
               "  SPRIG_SCALE_BURDEN = '%llu'\n"
               "  SPRIG_BIND = %s\n"
               "SPRIG DISPLAY ENVIRONMENT END\n",
               SPRIG_ABI_VERSION, s.nworkers,
               std::getenv("SPRIG_NWORKERS") ? "" : " (CPUs available)", s.stack_bytes,
               s.deque_depth, s.stats ? "true" : "false", trace_names(s.trace).c_str(),
               s.scale_out ? s.scale_out : "(stderr)",
               s.scale_insns ? "instructions" : "seconds",
               static_cast<unsigned long long>(s.scale_burden), bind_line(s).c_str());
}

void parse_environment(Settings &s) {
  unsigned long long v;
  s.cpus = affinity_cpus();
  s.nworkers = s.cpus;
  if (s.nworkers > config::kMaxWorkers)
    s.nworkers = config::kMaxWorkers;
  warn_unknown_variables();
  if (const char *e = std::getenv("SPRIG_NWORKERS")) {
    if (parse_size(trimmed(e), false, &v) && v >= 1 && v <= (unsigned)config::kMaxWorkers)
      s.nworkers = static_cast<int>(v);
    else
      warn_bad("SPRIG_NWORKERS", e, "an integer from 1 to 1024",
               std::to_string(s.nworkers) + " (the CPUs available)");
  }
  if (const char *e = std::getenv("SPRIG_STACKSIZE")) {
    if (parse_size(trimmed(e), true, &v) && v >= config::kMinStackBytes &&
        v <= config::kMaxStackBytes)
      s.stack_bytes = static_cast<std::size_t>(v);
    else
      warn_bad("SPRIG_STACKSIZE", e,
               "a size from 64K to 1G (bytes, or with suffix K, M or G, and an optional B)",
               std::to_string(s.stack_bytes) + " bytes (the default)");
  }
  if (const char *e = std::getenv("SPRIG_DEQUE_DEPTH")) {
    if (parse_size(trimmed(e), false, &v) && v >= 1024 && v <= (1ull << 24))
      s.deque_depth = static_cast<std::size_t>(v);
    else
      warn_bad("SPRIG_DEQUE_DEPTH", e, "an integer from 1024 to 16777216",
               std::to_string(s.deque_depth) + " (the default)");
  }
  if (const char *e = std::getenv("SPRIG_STATS")) {
    bool b;
    if (parse_bool(trimmed(e), &b))
      s.stats = b;
    else
      warn_bad("SPRIG_STATS", e, kBoolWords, "false (the default)");
  }
  if (const char *e = std::getenv("SPRIG_TRACE")) {
    unsigned mask = 0;
    bool ok = true;
    std::string list = trimmed(e);
    std::size_t pos = 0;
    while (pos <= list.size()) {
      std::size_t comma = list.find(',', pos);
      std::string item = trimmed(
          list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos)
              .c_str());
      unsigned bit = trace_category(item.c_str());
      if (!bit)
        ok = false;
      mask |= bit;
      if (comma == std::string::npos)
        break;
      pos = comma + 1;
    }
    if (ok)
      s.trace = mask;
    else
      warn_bad("SPRIG_TRACE", e, "a comma-separated list of steal, sync, fiber, root, all",
               "no tracing (the default)");
  }
  // Test harness only (not SPRIG_ variables: not for users, not in the warning list).
  if (const char *e = std::getenv("SPRIGTEST_SERIAL_ROOTS")) {
    bool b = false;
    if (!parse_bool(trimmed(e), &b))
      warn_bad("SPRIGTEST_SERIAL_ROOTS", e, kBoolWords, "false (the default)");
    s.force_serial_roots = b;
  }
  if (const char *e = std::getenv("SPRIGTEST_STRESS")) {
    if (parse_size(trimmed(e), false, &v) && v != 0)
      s.stress_seed = v;
    else
      warn_bad("SPRIGTEST_STRESS", e, "a positive integer (the seed)", "off (the default)");
  }
  if (const char *e = std::getenv("SPRIGTEST_FORCE_AFTER_NS")) {
    std::string t = trimmed(e);
    char *end = nullptr;
    long ns = std::strtol(t.c_str(), &end, 10);
    if (!t.empty() && end && *end == 0)
      s.force_after_ns = ns;
    else
      warn_bad("SPRIGTEST_FORCE_AFTER_NS", e, "an integer (ns; negative: never)",
               std::to_string(s.force_after_ns) + " (the default)");
  }
  if (const char *e = std::getenv("SPRIGTEST_STEAL_PAUSE_US")) {
    if (parse_size(trimmed(e), false, &v) && v <= 1'000'000)
      s.steal_pause_us = static_cast<long>(v);
    else
      warn_bad("SPRIGTEST_STEAL_PAUSE_US", e, "microseconds, at most 1000000",
               "0 (the default)");
  }
  if (const char *e = std::getenv("SPRIGTEST_SYSFS_ROOT")) {
    std::string path = trimmed(e);
    if (!path.empty())
      s.sysfs_root = strdup(path.c_str());  // kept for the process's life
  }
  if (const char *e = std::getenv("SPRIG_BIND")) {
    std::string l;
    for (char c : trimmed(e))
      l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (l == "none")
      s.bind = Bind::None;
    else if (l == "close")
      s.bind = Bind::Close;
    else if (l == "spread")
      s.bind = Bind::Spread;
    else
      warn_bad("SPRIG_BIND", e, "none, close or spread", "none (the default)");
  }
  if (const char *e = std::getenv("SPRIGTEST_REDUCER_ALLOC_FAIL")) {
    unsigned long long v = 0;
    if (parse_size(trimmed(e), false, &v))
      s.test_reducer_alloc_fail = v;
    else
      warn_bad("SPRIGTEST_REDUCER_ALLOC_FAIL", e, "a count", "0 (the default)");
  }
  if (const char *e = std::getenv("SPRIGTEST_REDUCER_COUNTS")) {
    bool b = false;
    if (!parse_bool(trimmed(e), &b))
      warn_bad("SPRIGTEST_REDUCER_COUNTS", e, kBoolWords, "false (the default)");
    s.test_reducer_counts = b;
  }
  if (const char *e = std::getenv("SPRIG_SCALE_OUT")) {
    std::string path = trimmed(e);
    if (!path.empty())
      s.scale_out = strdup(path.c_str());  // kept for the process's life
    else
      warn_bad("SPRIG_SCALE_OUT", e, "a file name", "standard error (the default)");
  }
  if (const char *e = std::getenv("SPRIG_SCALE_UNIT")) {
    std::string l;
    for (char c : trimmed(e))
      l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (l == "seconds" || l == "s")
      s.scale_insns = false;
    else if (l == "instructions" || l == "insns")
      s.scale_insns = true;
    else
      warn_bad("SPRIG_SCALE_UNIT", e, "seconds or instructions", "seconds (the default)");
  }
  if (const char *e = std::getenv("SPRIG_SCALE_BURDEN")) {
    if (parse_size(trimmed(e), false, &v) && v <= 1000000000ull)
      s.scale_burden = v;
    else
      warn_bad("SPRIG_SCALE_BURDEN", e, "an integer from 0 to 1000000000 (instructions)",
               std::to_string(s.scale_burden) + " (the default)");
  }
  if (const char *e = std::getenv("SPRIG_DISPLAY_ENV")) {
    bool b = false;
    if (!parse_bool(trimmed(e), &b))
      warn_bad("SPRIG_DISPLAY_ENV", e, kBoolWords, "false (the default)");
    s.display_env = b;
  }
}

}  // namespace sprig
