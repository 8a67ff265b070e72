//===- runtime/env.cpp - SPRIG_* environment variables --------------------===//
//
// Read once, at process start (a constructor), so that a bad value stops the program
// with a clear message before it does any work; reading them starts no thread.
//
//   SPRIG_NWORKERS     1..1024           workers (default: CPUs in the affinity mask)
//   SPRIG_STACKSIZE    64K..1G           fiber stack size; suffix K, M or G allowed
//   SPRIG_DEQUE_DEPTH  1024..16777216    deepest spawn nesting on one worker
//   SPRIG_STATS        0 or 1            print per-worker statistics at exit
//   SPRIG_TRACE        list of: steal,sync,fiber,root (or all)
//===----------------------------------------------------------------------===//
#include "global.h"
#include "trace.h"
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sched.h>
#include <string>
#include <unistd.h>

namespace sprig {

[[noreturn]] static void bad(const char *var, const char *val, const char *allowed) {
  std::fprintf(stderr, "sprig: invalid %s='%s': expected %s\n", var, val, allowed);
  std::exit(2);
}

// Parses a decimal integer (digits only: no white space, no sign) with an optional
// K/M/G suffix (when `suffixes`).
static bool parse_size(const char *s, bool suffixes, unsigned long long *out) {
  // Digits first: strtoull would skip leading white space and accept a sign, and
  // negate the value for '-' (' -18446744073709551615' parsed as 1).
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
    default:
      return false;
    }
    ++end;
    if (v > (~0ull >> shift))
      return false;
    v <<= shift;
  }
  if (*end)
    return false;
  *out = v;
  return true;
}

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

void parse_environment(Settings &s) {
  unsigned long long v;
  s.cpus = affinity_cpus();
  s.nworkers = s.cpus;
  if (s.nworkers > config::kMaxWorkers)
    s.nworkers = config::kMaxWorkers;
  if (const char *e = std::getenv("SPRIG_NWORKERS")) {
    if (!parse_size(e, false, &v) || v < 1 || v > (unsigned)config::kMaxWorkers)
      bad("SPRIG_NWORKERS", e, "an integer from 1 to 1024");
    s.nworkers = static_cast<int>(v);
  }
  if (const char *e = std::getenv("SPRIG_STACKSIZE")) {
    if (!parse_size(e, true, &v) || v < config::kMinStackBytes ||
        v > config::kMaxStackBytes)
      bad("SPRIG_STACKSIZE", e, "a size from 64K to 1G (bytes, or with suffix K, M or G)");
    s.stack_bytes = static_cast<std::size_t>(v);
  }
  if (const char *e = std::getenv("SPRIG_DEQUE_DEPTH")) {
    if (!parse_size(e, false, &v) || v < 1024 || v > (1ull << 24))
      bad("SPRIG_DEQUE_DEPTH", e, "an integer from 1024 to 16777216");
    s.deque_depth = static_cast<std::size_t>(v);
  }
  if (const char *e = std::getenv("SPRIG_STATS")) {
    if (std::strcmp(e, "0") && std::strcmp(e, "1"))
      bad("SPRIG_STATS", e, "0 or 1");
    s.stats = e[0] == '1';
  }
  if (const char *e = std::getenv("SPRIG_TRACE")) {
    unsigned mask = 0;
    std::string list(e);
    std::size_t pos = 0;
    while (pos <= list.size()) {
      std::size_t comma = list.find(',', pos);
      std::string item =
          list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
      unsigned bit = trace_category(item.c_str());
      if (!bit)
        bad("SPRIG_TRACE", e, "a comma-separated list of steal, sync, fiber, root, all");
      mask |= bit;
      if (comma == std::string::npos)
        break;
      pos = comma + 1;
    }
    s.trace = mask;
  }
}

}  // namespace sprig
