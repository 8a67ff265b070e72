// runtime/topology.cpp and runtime/victims.cpp on fake sysfs trees written to a temporary
// directory: the LLC groups and NUMA nodes read, the places' order, the workers' places
// under close and spread, and the victims each worker picks (close ones first). A tree
// with missing or corrupt files gives one group, never an error.
#include "config.h"
#include "global.h"
#include "topology.h"
#include "victims.h"
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

using sprig::Bind;
using sprig::Topology;

// A temporary directory for one fake /sys/devices/system, removed at the end.
struct FakeSysfs {
  std::string root;
  FakeSysfs() {
    char tmpl[] = "/tmp/sprig-topology-XXXXXX";
    const char *d = mkdtemp(tmpl);
    EXPECT_NE(d, nullptr);
    root = d ? d : "/nonexistent";
  }
  ~FakeSysfs() { std::system(("rm -rf '" + root + "'").c_str()); }
  void write(const std::string &rel, const std::string &text) {
    std::string path = root + "/" + rel;
    for (std::size_t i = root.size() + 1; i < path.size(); ++i)
      if (path[i] == '/')
        mkdir(path.substr(0, i).c_str(), 0755);
    std::ofstream(path) << text << "\n";
  }
  // cpuN: L1d, L1i, L2 private; L3 shared by `llc`.
  void cpu(int n, const std::string &llc) {
    std::string c = "cpu/cpu" + std::to_string(n) + "/cache/index";
    write(c + "0/level", "1");
    write(c + "0/shared_cpu_list", std::to_string(n));
    write(c + "1/level", "1");
    write(c + "1/shared_cpu_list", std::to_string(n));
    write(c + "2/level", "2");
    write(c + "2/shared_cpu_list", std::to_string(n));
    write(c + "3/level", "3");
    write(c + "3/shared_cpu_list", llc);
  }
};

std::vector<int> range(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}

// 8 CPUs, 2 NUMA nodes of 4, one LLC per node.
void two_sockets(FakeSysfs &fs) {
  for (int c = 0; c < 8; ++c)
    fs.cpu(c, c < 4 ? "0-3" : "4-7");
  fs.write("node/node0/cpulist", "0-3");
  fs.write("node/node1/cpulist", "4-7");
  fs.write("node/online", "0-1");  // not a nodeM directory: ignored
}

TEST(Topology, ParsesCpuLists) {
  std::vector<int> v;
  ASSERT_TRUE(sprig::parse_cpu_list("0-3,8,10-11\n", &v));
  EXPECT_EQ(v, (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  ASSERT_TRUE(sprig::parse_cpu_list("5", &v));
  EXPECT_EQ(v, (std::vector<int>{5}));
  EXPECT_FALSE(sprig::parse_cpu_list("3-1", &v));
  EXPECT_FALSE(sprig::parse_cpu_list("x", &v));
  EXPECT_FALSE(sprig::parse_cpu_list("1,,2", &v));
  EXPECT_FALSE(sprig::parse_cpu_list("99999999999", &v));
}

TEST(Topology, ReadsLlcGroupsAndNodes) {
  FakeSysfs fs;
  two_sockets(fs);
  Topology t = sprig::read_topology(fs.root.c_str(), range(8));
  EXPECT_TRUE(t.llc_known);
  EXPECT_TRUE(t.node_known);
  EXPECT_EQ(t.llc_groups, 2);
  EXPECT_EQ(t.node_groups, 2);
  EXPECT_EQ(t.cpu, range(8));
  EXPECT_EQ(t.llc, (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(t.node, (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1}));
}

// CPUs numbered alternately across the sockets (even on node 0, odd on node 1), and the
// node read from the cpuN/nodeM links (no node/ directory): the places group each node.
TEST(Topology, OrdersPlacesByNodeThenLlc) {
  FakeSysfs fs;
  for (int c = 0; c < 8; ++c) {
    fs.cpu(c, c % 2 ? "1,3,5,7" : "0,2,4,6");
    fs.write("cpu/cpu" + std::to_string(c) + "/node" + std::to_string(c % 2) + "/x", "");
  }
  Topology t = sprig::read_topology(fs.root.c_str(), range(8));
  EXPECT_TRUE(t.node_known);
  EXPECT_EQ(t.cpu, (std::vector<int>{0, 2, 4, 6, 1, 3, 5, 7}));
  EXPECT_EQ(t.llc, (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(t.node, (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1}));
}

// Only the CPUs of the mask become places.
TEST(Topology, OnlyTheMasksCpus) {
  FakeSysfs fs;
  two_sockets(fs);
  Topology t = sprig::read_topology(fs.root.c_str(), {2, 3, 4});
  EXPECT_EQ(t.cpu, (std::vector<int>{2, 3, 4}));
  EXPECT_EQ(t.llc, (std::vector<int>{0, 0, 1}));
  EXPECT_EQ(t.node, (std::vector<int>{0, 0, 1}));
}

TEST(Topology, MissingTreeIsOneGroup) {
  Topology t = sprig::read_topology("/nonexistent/sprig-sysfs", range(4));
  EXPECT_FALSE(t.llc_known);
  EXPECT_FALSE(t.node_known);
  EXPECT_EQ(t.llc_groups, 1);
  EXPECT_EQ(t.node_groups, 1);
  EXPECT_EQ(t.cpu, range(4));
  EXPECT_EQ(t.llc, (std::vector<int>(4, 0)));
  EXPECT_EQ(t.node, (std::vector<int>(4, 0)));
}

// One CPU without cache files, a corrupt shared_cpu_list, no node information: each
// level it cannot read for every CPU is one group; what it can read is kept.
TEST(Topology, BrokenTreeIsOneGroupPerUnreadableLevel) {
  FakeSysfs fs;
  two_sockets(fs);
  fs.write("cpu/cpu5/cache/index3/shared_cpu_list", "4-x");
  Topology t = sprig::read_topology(fs.root.c_str(), range(8));
  EXPECT_FALSE(t.llc_known);  // not cpu5's private L2 as its "LLC"
  EXPECT_EQ(t.llc, (std::vector<int>(8, 0)));
  EXPECT_TRUE(t.node_known);
  EXPECT_EQ(t.node, (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1}));

  FakeSysfs bare;
  for (int c = 0; c < 4; ++c)
    bare.cpu(c, "0-3");
  std::system(("rm -rf '" + bare.root + "/cpu/cpu2/cache'").c_str());
  Topology u = sprig::read_topology(bare.root.c_str(), range(4));
  EXPECT_FALSE(u.llc_known);
  EXPECT_FALSE(u.node_known);
  EXPECT_EQ(u.llc, (std::vector<int>(4, 0)));
}

TEST(Topology, ClosePlacesWorkersInOrderAndWraps) {
  EXPECT_EQ(sprig::bind_place(Bind::Close, 0, 4, 8), 0);
  EXPECT_EQ(sprig::bind_place(Bind::Close, 3, 4, 8), 3);
  EXPECT_EQ(sprig::bind_place(Bind::Close, 9, 10, 8), 1);
  EXPECT_EQ(sprig::bind_place(Bind::None, 1, 4, 8), -1);
}

TEST(Topology, SpreadSpacesWorkersEvenly) {
  // 2 workers on 8 places of 2 LLCs: one per LLC.
  EXPECT_EQ(sprig::bind_place(Bind::Spread, 0, 2, 8), 0);
  EXPECT_EQ(sprig::bind_place(Bind::Spread, 1, 2, 8), 4);
  // 4 on 8: every other place.
  std::vector<int> p;
  for (int i = 0; i < 4; ++i)
    p.push_back(sprig::bind_place(Bind::Spread, i, 4, 8));
  EXPECT_EQ(p, (std::vector<int>{0, 2, 4, 6}));
  // More workers than places: consecutive workers share one, every place is used.
  std::set<int> used;
  for (int i = 0; i < 16; ++i) {
    int q = sprig::bind_place(Bind::Spread, i, 16, 8);
    EXPECT_EQ(q, i / 2);
    used.insert(q);
  }
  EXPECT_EQ(used.size(), 8u);
}

TEST(Topology, BindDescription) {
  FakeSysfs fs;
  two_sockets(fs);
  Topology t = sprig::read_topology(fs.root.c_str(), range(8));
  EXPECT_EQ(sprig::bind_description(t, Bind::Spread, 2), "0:0* 1:4");
  EXPECT_EQ(sprig::bind_description(t, Bind::Close, 3), "0:0* 1:1 2:2");
  EXPECT_EQ(sprig::bind_description(t, Bind::None, 3), "");
}

// 8 workers closely bound on 2 LLCs of 4: worker 1's LLC mates are 0, 2, 3, then nobody
// more in its node (one LLC per node); worker 5's are 4, 6, 7.
TEST(Victims, CloseVictimsFirst) {
  FakeSysfs fs;
  two_sockets(fs);
  Topology t = sprig::read_topology(fs.root.c_str(), range(8));
  int n_llc = -1, n_node = -1;
  std::vector<int> near = sprig::near_victims(t, Bind::Close, 1, 8, &n_llc, &n_node);
  EXPECT_EQ(near, (std::vector<int>{0, 2, 3}));
  EXPECT_EQ(n_llc, 3);
  EXPECT_EQ(n_node, 3);
  near = sprig::near_victims(t, Bind::Close, 5, 8, &n_llc, &n_node);
  EXPECT_EQ(near, (std::vector<int>{4, 6, 7}));

  // Two LLCs per node (4 CPUs each, 16 CPUs, 2 nodes): the node's other LLC comes second.
  FakeSysfs big;
  for (int c = 0; c < 16; ++c)
    big.cpu(c, std::to_string(c / 4 * 4) + "-" + std::to_string(c / 4 * 4 + 3));
  big.write("node/node0/cpulist", "0-7");
  big.write("node/node1/cpulist", "8-15");
  Topology b = sprig::read_topology(big.root.c_str(), range(16));
  EXPECT_EQ(b.llc_groups, 4);
  near = sprig::near_victims(b, Bind::Close, 6, 16, &n_llc, &n_node);
  EXPECT_EQ(near, (std::vector<int>{4, 5, 7, 0, 1, 2, 3}));
  EXPECT_EQ(n_llc, 3);
  EXPECT_EQ(n_node, 7);

  // Unbound: no near victims (the choice is uniform).
  near = sprig::near_victims(t, Bind::None, 1, 8, &n_llc, &n_node);
  EXPECT_TRUE(near.empty());
  EXPECT_EQ(n_node, 0);
}

// The picks of a round: kVictimLlcPicks in the LLC, kVictimNodePicks in the node, then
// kVictimAnyPicks anywhere (root slots past the pool included); deterministic given the
// random state; a won steal starts the round over.
TEST(Victims, PicksCloseTiersInOrder) {
  using namespace sprig::config;
  FakeSysfs big;
  for (int c = 0; c < 16; ++c)
    big.cpu(c, std::to_string(c / 4 * 4) + "-" + std::to_string(c / 4 * 4 + 3));
  big.write("node/node0/cpulist", "0-7");
  big.write("node/node1/cpulist", "8-15");
  Topology b = sprig::read_topology(big.root.c_str(), range(16));
  sprig::VictimOrder o;
  std::vector<int> near = sprig::near_victims(b, Bind::Close, 6, 16, &o.n_llc, &o.n_node);
  o.near = near.data();
  const std::set<int> llc{4, 5, 7}, node{0, 1, 2, 3, 4, 5, 7};
  const int nvictims = 16 + 3;  // the pool and three root slots in use
  const unsigned round = kVictimLlcPicks + kVictimNodePicks + kVictimAnyPicks;
  uint64_t rng = 0x9E3779B97F4A7C15ull * 7;
  std::set<int> far_seen;
  bool node_beyond_llc = false;
  for (int r = 0; r < 400; ++r) {
    for (unsigned k = 0; k < round; ++k) {
      int v = sprig::pick_victim(&o, &rng, 6, nvictims);
      ASSERT_NE(v, 6);
      ASSERT_GE(v, 0);
      ASSERT_LT(v, nvictims);
      if (k < kVictimLlcPicks)
        EXPECT_TRUE(llc.count(v)) << "pick " << k << " left the LLC: " << v;
      else if (k < kVictimLlcPicks + kVictimNodePicks)
        EXPECT_TRUE(node.count(v)) << "pick " << k << " left the node: " << v;
      else
        far_seen.insert(v);
      node_beyond_llc |=
          k >= kVictimLlcPicks && k < kVictimLlcPicks + kVictimNodePicks && !llc.count(v);
    }
  }
  EXPECT_TRUE(node_beyond_llc) << "the node tier never picked the node's other LLC";
  // The uniform tier reaches the other node and the root slots.
  EXPECT_TRUE(far_seen.count(12));
  EXPECT_TRUE(far_seen.count(18));
  EXPECT_EQ(far_seen.size(), 18u) << "the uniform tier missed some victim";

  // Deterministic given the state; reset after a steal starts with the LLC again.
  sprig::VictimOrder o2 = o;
  uint64_t rng2 = rng;
  for (int k = 0; k < 20; ++k)
    EXPECT_EQ(sprig::pick_victim(&o, &rng, 6, nvictims),
              sprig::pick_victim(&o2, &rng2, 6, nvictims));
  o.pick = 0;  // what victim_stolen does
  EXPECT_TRUE(llc.count(sprig::pick_victim(&o, &rng, 6, nvictims)));
}

// A worker alone in its LLC and node (2 workers, one per socket under spread): its close
// tiers are empty and every pick is a uniform one, never itself.
TEST(Victims, EmptyTiersPassToUniform) {
  FakeSysfs fs;
  two_sockets(fs);
  Topology t = sprig::read_topology(fs.root.c_str(), range(8));
  sprig::VictimOrder o;
  std::vector<int> near = sprig::near_victims(t, Bind::Spread, 1, 2, &o.n_llc, &o.n_node);
  EXPECT_TRUE(near.empty());
  o.near = near.data();
  uint64_t rng = 12345;
  std::set<int> seen;
  for (int k = 0; k < 200; ++k)
    seen.insert(sprig::pick_victim(&o, &rng, 1, 3));
  EXPECT_EQ(seen, (std::set<int>{0, 2}));
}

}  // namespace
