// Unbalanced tree search (binomial UTS): the root has 2000 children, every other node
// has 8 children with probability 0.1245 (a hash of its id decides), else none: a
// near-critical, very irregular tree. Each node does some hashing work; each child is
// spawned with a pointer to its result slot.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: nodes=210409 leaves={{[0-9]+}} maxdepth=248 hash=
#include <cstdint>
#include <cstdio>

struct Result {
  long nodes = 0, leaves = 0;
  int maxdepth = 0;
  uint64_t hash = 0;
};

static uint64_t mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static int children(uint64_t id, int depth) {
  if (depth == 0)
    return 2000;
  return mix(id) % 10000 < 1245 ? 8 : 0;
}

void search(uint64_t id, int depth, Result *out) {
  uint64_t work = id;
  for (int i = 0; i < 64; ++i)
    work = mix(work);
  int n = children(id, depth);
  Result r;
  r.nodes = 1;
  r.maxdepth = depth;
  r.hash = work;
  if (n == 0) {
    r.leaves = 1;
    *out = r;
    return;
  }
  Result *sub = new Result[n];
  for (int i = 0; i < n; ++i)
    [[sprig::spawn]] search(mix(id * 31 + i + 1), depth + 1, &sub[i]);
  [[sprig::sync]];
  for (int i = 0; i < n; ++i) {
    r.nodes += sub[i].nodes;
    r.leaves += sub[i].leaves;
    r.hash = mix(r.hash ^ sub[i].hash);
    if (sub[i].maxdepth > r.maxdepth)
      r.maxdepth = sub[i].maxdepth;
  }
  delete[] sub;
  *out = r;
}

int main() {
  Result r;
  search(42, 0, &r);
  std::printf("nodes=%ld leaves=%ld maxdepth=%d hash=%016llx\n", r.nodes, r.leaves,
              r.maxdepth, (unsigned long long)r.hash);
}
