//===- runtime/topology.cpp - CPU topology from sysfs, worker binding ------===//
//
// SPRIG_BIND=close|spread pins each pool worker to one CPU, as OMP_PROC_BIND does, and
// lets thieves look at close victims first (victims.cpp). The topology comes from sysfs,
// read once at process start, only when binding is on:
//   cpu/cpuN/cache/indexK/level, shared_cpu_list   the highest level is the LLC
//   node/nodeM/cpulist (or cpu/cpuN/nodeM links)   the NUMA node
// A level that cannot be read for every CPU of the mask (no sysfs in a container, an
// odd kernel) makes all CPUs one group at that level: binding still works, the victim
// order is then uniform at that level. Never an error.
//
// Places: the mask's CPUs ordered by node, then LLC group, then number (so "close" packs
// workers into one LLC, and "spread" spaces them evenly over LLCs and nodes even where
// the OS numbers CPUs alternately across sockets). Worker i has place bind_place(i).
//
// Worker 0 (the first root slot) is an application thread, and so are the other root
// slots: they are never pinned. OpenMP pins its primary thread, but a Sprig root is an
// application thread bound only for one root computation: pinning it would change the
// application's own thread for good (or cost two system calls per root entry to undo),
// and a library built with Sprig must not move its host's threads. Place 0 is left to
// it (pool worker i takes place i under close), and for the victim order it counts as
// being there.
//===----------------------------------------------------------------------===//
#include "topology.h"
#include "global.h"
#include "trace.h"
#include "worker.h"
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <map>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

namespace sprig {

static Topology *g_topology = nullptr;  // set in the constructor, then read-only

const Topology *process_topology() { return g_topology; }

bool parse_cpu_list(const std::string &s, std::vector<int> *out) {
  std::vector<int> cpus;
  const char *p = s.c_str();
  auto number = [&p](long *v) {
    if (*p < '0' || *p > '9')
      return false;
    errno = 0;
    char *end = nullptr;
    *v = std::strtol(p, &end, 10);
    if (errno || *v > 1 << 20)  // far beyond any CPU number: a corrupt file
      return false;
    p = end;
    return true;
  };
  while (*p && *p != '\n') {
    long a, b;
    if (!number(&a))
      return false;
    b = a;
    if (*p == '-') {
      ++p;
      if (!number(&b) || b < a)
        return false;
    }
    for (long c = a; c <= b; ++c)
      cpus.push_back(static_cast<int>(c));
    if (*p == ',')
      ++p;
    else if (*p && *p != '\n')
      return false;
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  *out = std::move(cpus);
  return true;
}

// A small sysfs file's text (false if it cannot be read).
static bool read_file(const std::string &path, std::string *out) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  char buf[4096];
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0)
    return false;
  out->assign(buf, static_cast<std::size_t>(n));
  return true;
}

// The CPUs sharing cpuN's highest-level cache (empty if unknown: no cache files, or the
// highest level's list unreadable; a lower level is no stand-in for the LLC).
static std::vector<int> llc_of(const std::string &root, int cpu) {
  std::vector<int> best;
  long best_level = -1;
  const std::string dir = root + "/cpu/cpu" + std::to_string(cpu) + "/cache/index";
  for (int k = 0; k < 32; ++k) {  // indexK are numbered from 0 without gaps
    std::string level, shared;
    if (!read_file(dir + std::to_string(k) + "/level", &level))
      break;
    long l = std::strtol(level.c_str(), nullptr, 10);
    if (l <= best_level)
      continue;  // (a level's second cache, L1i after L1d: the first one decides)
    best_level = l;
    std::vector<int> set;
    if (read_file(dir + std::to_string(k) + "/shared_cpu_list", &shared) &&
        parse_cpu_list(shared, &set))
      best = std::move(set);
    else
      best.clear();
  }
  return best;
}

// "node<M>" -> M, else -1.
static int node_number(const char *name) {
  if (std::strncmp(name, "node", 4) != 0 || name[4] < '0' || name[4] > '9')
    return -1;
  char *end = nullptr;
  long m = std::strtol(name + 4, &end, 10);
  return *end || m > 1 << 20 ? -1 : static_cast<int>(m);
}

// CPU -> NUMA node, for the CPUs that node/nodeM/cpulist lists (empty if none readable).
static std::map<int, int> nodes_from_node_dir(const std::string &root) {
  std::map<int, int> node_of;
  DIR *d = opendir((root + "/node").c_str());
  if (!d)
    return node_of;
  while (dirent *e = readdir(d)) {
    int m = node_number(e->d_name);
    std::string text;
    std::vector<int> cpus;
    if (m >= 0 && read_file(root + "/node/" + e->d_name + "/cpulist", &text) &&
        parse_cpu_list(text, &cpus))
      for (int c : cpus)
        node_of[c] = m;
  }
  closedir(d);
  return node_of;
}

// cpuN's node from its nodeM link (-1 if none).
static int node_from_cpu_dir(const std::string &root, int cpu) {
  DIR *d = opendir((root + "/cpu/cpu" + std::to_string(cpu)).c_str());
  if (!d)
    return -1;
  int m = -1;
  while (dirent *e = readdir(d))
    if ((m = node_number(e->d_name)) >= 0)
      break;
  closedir(d);
  return m;
}

Topology read_topology(const char *sysfs_root, const std::vector<int> &cpus) {
  const std::string root = sysfs_root;
  const std::size_t n = cpus.size();
  // Per CPU of `cpus`: its LLC's key (the smallest CPU sharing it) and its node.
  std::vector<int> llc_key(n, 0), node_key(n, 0);
  bool llc_known = n > 0, node_known = n > 0;
  for (std::size_t i = 0; i < n && llc_known; ++i) {
    std::vector<int> set = llc_of(root, cpus[i]);
    if (set.empty())
      llc_known = false;
    else
      llc_key[i] = set.front();
  }
  std::map<int, int> node_of = nodes_from_node_dir(root);
  for (std::size_t i = 0; i < n && node_known; ++i) {
    auto it = node_of.find(cpus[i]);
    node_key[i] = it != node_of.end() ? it->second : node_from_cpu_dir(root, cpus[i]);
    node_known = node_key[i] >= 0;
  }
  if (!llc_known)
    std::fill(llc_key.begin(), llc_key.end(), 0);
  if (!node_known)
    std::fill(node_key.begin(), node_key.end(), 0);

  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (node_key[a] != node_key[b])
      return node_key[a] < node_key[b];
    if (llc_key[a] != llc_key[b])
      return llc_key[a] < llc_key[b];
    return cpus[a] < cpus[b];
  });
  Topology t;
  t.llc_known = llc_known;
  t.node_known = node_known;
  // Dense group numbers, in place order (an LLC key is one LLC even if it spans nodes).
  std::map<int, int> llc_id, node_id;
  for (std::size_t i : order) {
    t.cpu.push_back(cpus[i]);
    t.llc.push_back(
        llc_id.emplace(llc_key[i], static_cast<int>(llc_id.size())).first->second);
    t.node.push_back(
        node_id.emplace(node_key[i], static_cast<int>(node_id.size())).first->second);
  }
  t.llc_groups = std::max<int>(1, static_cast<int>(llc_id.size()));
  t.node_groups = std::max<int>(1, static_cast<int>(node_id.size()));
  return t;
}

std::vector<int> affinity_cpu_list() {
  std::vector<int> cpus;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &set))
        cpus.push_back(c);
  if (cpus.empty())
    cpus.push_back(0);
  return cpus;
}

int bind_place(Bind bind, int id, int nworkers, int nplaces) {
  if (nplaces <= 0 || nworkers <= 0)
    return -1;
  switch (bind) {
  case Bind::Close:
    return id % nplaces;
  case Bind::Spread:
    return static_cast<int>(static_cast<long long>(id) * nplaces / nworkers) % nplaces;
  case Bind::None:
    break;
  }
  return -1;
}

std::string bind_description(const Topology &t, Bind bind, int nworkers) {
  std::string out;
  const int np = static_cast<int>(t.cpu.size());
  for (int i = 0; i < nworkers; ++i) {
    int p = bind_place(bind, i, nworkers, np);
    if (p < 0)
      return "";
    out += (i ? " " : "") + std::to_string(i) + ":" + std::to_string(t.cpu[p]) +
           (i == 0 ? "*" : "");
  }
  return out;
}

void init_locality(const Settings &s) {
  if (s.bind == Bind::None)
    return;
  const char *root = s.sysfs_root ? s.sysfs_root : "/sys/devices/system";
  g_topology = new Topology(read_topology(root, affinity_cpu_list()));
}

void bind_worker_thread(Worker *w) {
  const Topology *t = g_topology;
  if (g.settings.bind == Bind::None || !t)
    return;
  const int np = static_cast<int>(t->cpu.size());
  int p = bind_place(g.settings.bind, w->id, g.settings.nworkers, np);
  if (p < 0 || t->cpu[p] >= CPU_SETSIZE)
    return;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(t->cpu[p], &set);
  // A failure (a cpuset changed since start, a seccomp filter) leaves the thread
  // unpinned: placement, never correctness.
  int r = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
  SPRIG_TRACE(kTraceSteal, "worker %d %s CPU %d", w->id,
              r == 0 ? "pinned to" : "could not pin to", t->cpu[p]);
}

}  // namespace sprig
