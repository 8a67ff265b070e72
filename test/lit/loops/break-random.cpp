// A generated test of `break` in parallel loops: 1,000 random inputs (seeded: trial t
// uses seed t), each a search loop whose iterations update reducers (a sum and an
// order-sensitive vector) and break where the input says, in one of five shapes: a
// flat loop, a flat loop whose iterations may also throw (the first break or throw in
// iteration order wins), a nested loop (inner breaks end the inner loop, outer breaks
// the outer; inner iterations may throw through both), a body that spawns, and
// sprig::parallel_for with a callable returning loop_control; random sizes, break
// densities and grains. Every trial's reducer values and exception fold into one hash
// per hundred trials, which must be the serial elision's at -O0..-O3 and P=1,2,4,8.
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK-COUNT-10: trials {{[0-9]+}}: {{[0-9a-f]+}}
// CHECK: breaks {{[1-9][0-9]*}} throws {{[1-9][0-9]*}} neither {{[1-9][0-9]*}}
#include <sprig/parallel_for.h>
#include <sprig/reducer.h>
#include <algorithm>
#include <cstdio>
#include <vector>

typedef unsigned long long u64;

static sprig::reducer<sprig::op_add<long>> sum;
static sprig::reducer<sprig::op_vector<int>> picked;
static std::vector<int> a;

struct Rng {
  u64 s;
  u64 next() {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    return s;
  }
  int below(int n) { return n ? static_cast<int>(next() % static_cast<u64>(n)) : 0; }
};

struct Thrown {
  long at;
};

static inline u64 mix(u64 h, u64 v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0x100000001b3ULL;
}

struct Params {
  int n, mb, rb, mt, rt, mo, ro;  // sizes, break and throw tests: a[i] % m == r
};

static void visit(long i) {
  *sum += a[i] * (i + 1);
  if (a[i] % 7 == 0)
    picked->push_back(static_cast<int>(i));
}

static void flat(const Params &p, long grain, bool throws) {
  [[sprig::parallel_for]] [[sprig::grainsize(grain)]] for (long i = 0; i < p.n; ++i) {
    visit(i);
    if (throws && a[i] % p.mt == p.rt)
      throw Thrown{i};
    if (a[i] % p.mb == p.rb)
      break;
    *sum += 1;
  }
}

static void nested(const Params &p, long grain, bool throws) {
  const int inner = 40, outer = p.n / inner;
  [[sprig::parallel_for]] for (int o = 0; o < outer; ++o) {
    [[sprig::parallel_for]] [[sprig::grainsize(grain)]] for (int j = 0; j < inner; ++j) {
      long i = static_cast<long>(o) * inner + j;
      visit(i);
      if (throws && a[i] % p.mt == p.rt)
        throw Thrown{i};
      if (a[i] % p.mb == p.rb)
        break;
    }
    picked->push_back(-o);
    if (a[o] % p.mo == p.ro)
      break;
  }
}

static void spawning(const Params &p, long grain) {
  [[sprig::parallel_for]] [[sprig::grainsize(grain)]] for (long i = 0; i < p.n; ++i) {
    [[sprig::spawn]] visit(i);
    *sum += 3;
    if (a[i] % p.mb == p.rb)
      break;
  }
}

static void callable(const Params &p, long grain) {
  sprig::parallel_for(
      0L, static_cast<long>(p.n),
      [&](long i) {
        visit(i);
        return a[i] % p.mb == p.rb ? sprig::loop_break : sprig::loop_continue;
      },
      static_cast<std::size_t>(grain));
}

int main() {
  static const long grains[] = {0, 1, 3, 17, 256};
  static const int mods[] = {3, 50, 500, 5000, 100000};
  u64 h = 0;
  long threw = 0, none = 0, broke = 0;
  for (int t = 0; t < 1000; ++t) {
    Rng r{0x9E3779B97F4A7C15ULL ^ (static_cast<u64>(t) * 0xBF58476D1CE4E5B9ULL + 1)};
    Params p;
    p.n = r.below(3000);
    a.resize(static_cast<std::size_t>(p.n));
    for (int &x : a)
      x = r.below(100000);
    p.mb = mods[r.below(5)], p.rb = r.below(p.mb);
    p.mt = mods[1 + r.below(4)], p.rt = r.below(p.mt);
    p.mo = mods[r.below(4)], p.ro = r.below(p.mo);
    long grain = grains[r.below(5)];
    int shape = r.below(5);
    sum.set_value(0);
    picked.set_value({});
    long caught = -1;
    try {
      switch (shape) {
      case 0: flat(p, grain, false); break;
      case 1: flat(p, grain, true); break;
      case 2: nested(p, grain, r.below(2) != 0); break;
      case 3: spawning(p, grain); break;
      default: callable(p, grain); break;
      }
    } catch (const Thrown &e) {
      caught = e.at;
    }
    const std::vector<int> &v = picked.get_value();
    long sevens = std::count_if(a.begin(), a.end(), [](int x) { return x % 7 == 0; });
    bool all = static_cast<long>(v.size()) == sevens;
    threw += caught >= 0;
    (caught < 0 && (shape == 2 || !all) ? broke : none) += caught < 0;
    h = mix(h, static_cast<u64>(t));
    h = mix(h, static_cast<u64>(sum.get_value()));
    h = mix(h, static_cast<u64>(caught));
    h = mix(h, v.size());
    for (int x : v)
      h = mix(h, static_cast<u64>(static_cast<long>(x)));
    if (t % 100 == 99)
      std::printf("trials %d: %llx\n", t + 1, h);
  }
  std::printf("breaks %ld throws %ld neither %ld\n", broke, threw, none);
}
