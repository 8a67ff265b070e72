//===- runtime/topology.h - CPU topology, worker binding, close-first victims ---===//
//
// Locality (docs/design.md, "Locality"; SPRIG_BIND in docs/environment.md):
//  - topology.cpp reads, for the CPUs of the process's affinity mask, each CPU's
//    last-level cache group and NUMA node from sysfs, orders those CPUs into places
//    (by node, then LLC group, then number), gives each worker a place under
//    SPRIG_BIND=close|spread, and pins pool workers to their place's CPU;
//  - victims.cpp (victims.h) turns the places into each worker's victims, close ones
//    first, and picks one per steal attempt (choose_victim).
// Missing or unreadable sysfs files never fail: a level it cannot read makes all CPUs
// one group at that level.
//===----------------------------------------------------------------------===//
#pragma once
#include "global.h"
#include <string>
#include <vector>

namespace sprig {

// The places of the process: the CPUs of its affinity mask, ordered by NUMA node, then
// LLC group, then CPU number, so that consecutive places are close to each other.
struct Topology {
  std::vector<int> cpu;   // per place: the OS's CPU number
  std::vector<int> llc;   // per place: its last-level cache group, 0.. (all 0: unknown)
  std::vector<int> node;  // per place: its NUMA node group, 0.. (all 0: unknown)
  int llc_groups = 1, node_groups = 1;
  bool llc_known = false, node_known = false;  // read from sysfs (else one group)
};

// "0-3,8,10-11" -> {0,1,2,3,8,10,11} (sorted, no duplicates); false on a syntax error.
bool parse_cpu_list(const std::string &s, std::vector<int> *out);
// The topology of `cpus` (OS CPU numbers), read under `sysfs_root` (normally
// /sys/devices/system: cpu/cpuN/cache/indexK/{level,shared_cpu_list}, node/nodeM/cpulist
// or cpu/cpuN/nodeM). Never fails.
Topology read_topology(const char *sysfs_root, const std::vector<int> &cpus);
// The CPUs of the calling thread's affinity mask, in increasing order ({0} if unknown).
std::vector<int> affinity_cpu_list();
// The place of worker `id` (0 .. nworkers-1) among `nplaces` under `bind`; -1 under
// Bind::None. close: id % nplaces; spread: id * nplaces / nworkers (evenly over the
// places, so over LLC groups and nodes first; consecutive workers share a place when
// workers outnumber places, as OpenMP's spread does).
int bind_place(Bind bind, int id, int nworkers, int nplaces);
// "0:0* 1:1 2:0" (worker:CPU; *: the application thread's place, not pinned), for
// SPRIG_DISPLAY_ENV; "" under Bind::None.
std::string bind_description(const Topology &t, Bind bind, int nworkers);

// The process's topology, read at process start when SPRIG_BIND is not none (null
// otherwise). Read-only after that.
const Topology *process_topology();
// At process start, after the environment: reads the topology if binding is on.
void init_locality(const Settings &s);
// A pool worker's thread, at its start: pin it to its place's CPU (binding on).
void bind_worker_thread(Worker *w);

}  // namespace sprig
