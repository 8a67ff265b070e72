// SPRIG_BIND=close|spread really pins each pool worker thread to one CPU, the one its
// place gives (runtime/topology.cpp), and leaves the application thread (worker 0) as
// it was; SPRIG_BIND=none pins nothing. The program starts the pool (a hand-lowered fib),
// then reads every thread's Cpus_allowed_list from /proc/self/task until the pool's
// threads have pinned themselves (they do so at their start, which may come after fib
// returns), and compares the CPUs with the places it expects. SPRIGTEST_SYSFS_ROOT names
// a directory that does not exist: no topology, so the places are the affinity mask's
// CPUs in increasing order, which the program can compute on any machine. More workers
// than CPUs wrap (close) or share places (spread).
//
// ThreadSanitizer starts a thread of its own, which this count of threads would take for a
// worker (the runtime's binding runs under TSan in env-bind.test).
// UNSUPPORTED: tsan
//
// RUN: %clangxx -std=c++20 -O2 -I%sprig_inc %s -o %t -L%sprig_lib -Wl,-rpath,%sprig_lib -lsprig
// RUN: env SPRIG_BIND=close SPRIG_NWORKERS=2 SPRIGTEST_SYSFS_ROOT=%t.nosysfs %t close | FileCheck %s
// RUN: env SPRIG_BIND=close SPRIG_NWORKERS=5 SPRIGTEST_SYSFS_ROOT=%t.nosysfs %t close | FileCheck %s
// RUN: env SPRIG_BIND=spread SPRIG_NWORKERS=2 SPRIGTEST_SYSFS_ROOT=%t.nosysfs %t spread | FileCheck %s
// RUN: env SPRIG_BIND=spread SPRIG_NWORKERS=5 SPRIGTEST_SYSFS_ROOT=%t.nosysfs %t spread | FileCheck %s
// RUN: env SPRIG_BIND=none SPRIG_NWORKERS=3 %t none | FileCheck %s
// RUN: env SPRIG_NWORKERS=3 %t none | FileCheck %s
// CHECK: fib(22) = 17711
// CHECK-NEXT: application thread: not pinned
// CHECK-NEXT: pool workers: as expected
#include "../handlowered/Inputs/hl-fib.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <sched.h>
#include <string>
#include <unistd.h>
#include <vector>

// "0-3,8" -> {0,1,2,3,8}
static std::vector<int> cpu_list(const char *s) {
  std::vector<int> out;
  while (*s >= '0' && *s <= '9') {
    char *end;
    long a = std::strtol(s, &end, 10), b = a;
    if (*end == '-')
      b = std::strtol(end + 1, &end, 10);
    for (long c = a; c <= b; ++c)
      out.push_back(static_cast<int>(c));
    s = *end == ',' ? end + 1 : end;
  }
  return out;
}

// Each thread's allowed CPUs (thread id -> list).
static std::vector<std::pair<int, std::vector<int>>> thread_cpus() {
  std::vector<std::pair<int, std::vector<int>>> out;
  DIR *d = opendir("/proc/self/task");
  while (dirent *e = d ? readdir(d) : nullptr) {
    if (e->d_name[0] == '.')
      continue;
    std::string path = std::string("/proc/self/task/") + e->d_name + "/status";
    FILE *f = std::fopen(path.c_str(), "r");
    char line[4096];
    while (f && std::fgets(line, sizeof line, f))
      if (!std::strncmp(line, "Cpus_allowed_list:", 18)) {
        const char *list = line + 18 + std::strspn(line + 18, " \t");
        out.emplace_back(std::atoi(e->d_name), cpu_list(list));
      }
    if (f)
      std::fclose(f);
  }
  if (d)
    closedir(d);
  return out;
}

static std::string str(const std::vector<int> &v) {
  std::string s;
  for (int c : v)
    s += (s.empty() ? "" : ",") + std::to_string(c);
  return s;
}

int main(int argc, char **argv) {
  std::string bind = argc > 1 ? argv[1] : "none";
  const char *nw = std::getenv("SPRIG_NWORKERS");
  int n = nw ? std::atoi(nw) : 1;
  std::vector<int> mask;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &set))
        mask.push_back(c);
  const int places = static_cast<int>(mask.size());
  std::printf("fib(22) = %ld\n", hl_fib(22));  // starts the pool

  // What each pool worker 1..n-1 should allow: one CPU under close/spread, the mask else.
  std::vector<std::string> want;
  for (int i = 1; i < n; ++i) {
    int p = bind == "close"    ? i % places
            : bind == "spread" ? static_cast<int>(1LL * i * places / n) % places
                               : -1;
    want.push_back(p < 0 ? str(mask) : std::to_string(mask[p]));
  }
  std::sort(want.begin(), want.end());
  std::vector<std::string> got;
  std::string main_cpus;
  for (int attempt = 0; attempt < 2000; ++attempt) {  // up to about 10 s
    got.clear();
    for (auto &t : thread_cpus()) {
      if (t.first == getpid())
        main_cpus = str(t.second);
      else
        got.push_back(str(t.second));
    }
    std::sort(got.begin(), got.end());
    if (got == want)
      break;
    usleep(5000);
  }
  std::printf("application thread: %s\n",
              main_cpus == str(mask) ? "not pinned" : ("pinned to " + main_cpus).c_str());
  if (got == want) {
    std::printf("pool workers: as expected\n");
    return 0;
  }
  std::printf("pool workers: allowed CPUs");
  for (auto &s : got)
    std::printf(" [%s]", s.c_str());
  std::printf(", expected");
  for (auto &s : want)
    std::printf(" [%s]", s.c_str());
  std::printf("\n");
  return 1;
}
