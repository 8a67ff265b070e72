// sprig::dprand (sprig/rng.h): every value depends only on the seed and the caller's
// position in the spawn tree, never on the number of workers, the schedule or -O. The
// same program at -O0..-O3 and P = 1, 2, 3, 4, 8, 16 (run_same.sh) must print the same
// hashes of its draws, in every form a draw can sit in: before and after spawns and
// syncs, in children and in stolen continuations, in non-spawning callees, in a
// spawning function called twice from one strand (different values), parallel loops
// (the default grain, which changes with P, and a fixed one), nested loops, spawns in a
// loop body, sprig::parallel_for, scopes, spawned blocks, a lambda that spawns, a
// child's exception caught in its parent, a loop's iteration's exception caught after
// the loop, std::threads. Plus what a stream owes its
// user: every draw of the run distinct, and a Monte Carlo estimate of pi within 3.5
// standard deviations.
// RUN: %run_same %s %t -I%sprig_inc | FileCheck %s
// A serial root (SPRIGTEST_SERIAL_ROOTS=1: as a thread that finds every worker busy)
// draws the same, the child's exception included (it leaves at once there).
// RUN: env SPRIG_NWORKERS=1 %t.par-O2 > %t.pool
// RUN: env SPRIGTEST_SERIAL_ROOTS=1 SPRIG_NWORKERS=2 %t.par-O2 > %t.serial-root
// RUN: cmp %t.pool %t.serial-root
// The serial elision compiles and gives a fixed stream: the same output twice.
// RUN: %clangxx -O2 -Wno-unknown-attributes -I%sprig_inc %s -o %t.elision -pthread
// RUN: %t.elision > %t.e1 && %t.elision > %t.e2 && cmp %t.e1 %t.e2
// RUN: FileCheck %s --check-prefix=ELISION < %t.e1
// CHECK: twice differ: yes
// CHECK: pi: ok
// CHECK: normal: ok
// CHECK: distinct: yes
// CHECK: threads alike: yes
// CHECK: reseeded alike: yes
// ELISION: twice differ: yes
// ELISION: pi: ok
#include <sprig/parallel_for.h>
#include <sprig/rng.h>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull + 7; }

// Every draw of the run that goes into `all` (positions fixed by the program's shape).
static std::vector<uint64_t> all;

// A non-spawning callee: its draws are its caller's strand's.
static uint64_t callee() { return mix(sprig::dprand(), sprig::dprand()); }

// Work at the leaves, so that thieves find continuations to steal and syncs suspend.
static void burn() {
  volatile uint64_t x = 0;
  for (int i = 0; i < 10000; ++i)
    x = x + i;
}

static uint64_t tree(int d) {
  uint64_t a = sprig::dprand();
  if (d == 0) {
    burn();
    return mix(a, callee());
  }
  uint64_t x, y, z;
  [[sprig::spawn]] x = tree(d - 1);
  uint64_t b = sprig::dprand();  // the continuation: stolen at times
  [[sprig::spawn]] y = tree(d - 1);
  z = tree(d - 1);  // a call: the parent's strand goes on in it
  [[sprig::sync]];
  uint64_t c = sprig::dprand();  // after the sync, on whichever worker resumed it
  return mix(mix(mix(mix(mix(a, b), c), x), y), z);
}

static uint64_t thrower(int d) {
  if (d == 0)
    throw std::runtime_error("leaf");
  uint64_t r, s;
  [[sprig::spawn]] r = tree(2);
  [[sprig::spawn]] s = thrower(d - 1);
  uint64_t t = sprig::dprand();
  [[sprig::sync]];
  return r ^ s ^ t;
}

// The continuation's draws between a child's throw and the sync are made in pooled runs
// only (a serial root lets the exception leave at once): they go to a sink, not printed.
static std::atomic<uint64_t> sink{0};

static uint64_t catcher() {
  uint64_t before = sprig::dprand(), after = 0;
  try {
    uint64_t u;
    [[sprig::spawn]] u = thrower(4);
    sink += sprig::dprand();
    [[sprig::sync]];
    before ^= u;
  } catch (const std::exception &) {
    after = sprig::dprand();  // from the thrower's position, in every kind of run
  }
  return mix(mix(before, after), sprig::dprand());
}

static uint64_t hash_of(const std::vector<uint64_t> &v) {
  uint64_t h = 0;
  for (uint64_t x : v)
    h = mix(h, x);
  return h;
}

int main() {
  sprig::dprand_seed(2026);
  uint64_t first = sprig::dprand();
  uint64_t t1 = tree(7), t2 = tree(7);
  std::printf("tree: %016llx\n", (unsigned long long)t1);
  std::printf("twice differ: %s\n", t1 != t2 ? "yes" : "no");

  // Parallel loops: the default grain (it depends on P) and a fixed one.
  const int N = 200000;
  std::vector<uint64_t> v(N), w(N);
  [[sprig::parallel_for]] for (int i = 0; i < N; ++i) v[i] = sprig::dprand();
  [[sprig::parallel_for]] [[sprig::grainsize(3)]] for (int i = 0; i < N; ++i) {
    if (i % 64 == 0)
      burn();
    w[i] = mix(sprig::dprand(), callee());
  }
  std::printf("loops: %016llx %016llx\n", (unsigned long long)hash_of(v),
              (unsigned long long)hash_of(w));
  all.insert(all.end(), v.begin(), v.end());

  // Nested loops, and spawns in a loop's body.
  std::vector<uint64_t> m(64 * 64), s(512);
  [[sprig::parallel_for]] for (int i = 0; i < 64; ++i) {
    [[sprig::parallel_for]] for (int j = 0; j < 64; ++j) m[i * 64 + j] = sprig::dprand();
  }
  [[sprig::parallel_for]] for (int i = 0; i < 512; ++i) {
    uint64_t a, b;
    [[sprig::spawn]] a = tree(2);
    b = sprig::dprand();
    [[sprig::sync]];
    s[i] = mix(a, b);
  }
  std::printf("nested: %016llx spawn-in-loop: %016llx\n", (unsigned long long)hash_of(m),
              (unsigned long long)hash_of(s));
  all.insert(all.end(), m.begin(), m.end());

  // sprig::parallel_for, default and fixed grain.
  std::vector<uint64_t> l1(5000), l2(5000);
  sprig::parallel_for(0, 5000, [&](int i) { l1[i] = sprig::dprand(); });
  sprig::parallel_for(0, 5000, [&](int i) { l2[i] = sprig::dprand(); }, 17);
  std::printf("library: %016llx %016llx\n", (unsigned long long)hash_of(l1),
              (unsigned long long)hash_of(l2));
  all.insert(all.end(), l1.begin(), l1.end());
  all.insert(all.end(), l2.begin(), l2.end());

  // A scope, a spawned block, a lambda that spawns, a child's exception.
  uint64_t s1, s2, s3, blk = 0;
  [[sprig::scope]] {
    [[sprig::spawn]] s1 = tree(4);
    s2 = sprig::dprand();
  }
  s3 = sprig::dprand();
  [[sprig::spawn]] {
    blk = mix(sprig::dprand(), sprig::dprand());
  }
  uint64_t s4 = sprig::dprand();
  [[sprig::sync]];
  auto lam = [](int d) {
    uint64_t u;
    [[sprig::spawn]] u = tree(d);
    uint64_t x = sprig::dprand();
    [[sprig::sync]];
    return mix(u, x);
  };
  uint64_t la = lam(5), lb = lam(5);
  uint64_t ex = catcher();
  // A parallel loop whose first iteration throws, caught here: the strand leaves the
  // loop at the same position as when it ends normally, whoever ran the iterations.
  uint64_t lt = 0;
  for (int rep = 0; rep < 8; ++rep) {
    try {
      [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (int i = 0; i < 16; ++i) {
        burn();
        if (i == 0)
          throw std::runtime_error("iteration");
      }
    } catch (const std::exception &) {
    }
    lt = mix(lt, sprig::dprand());
  }
  std::printf("loop-throw: %016llx\n", (unsigned long long)lt);
  std::printf("forms: %016llx %016llx %016llx %016llx %016llx %016llx %016llx %016llx\n",
              (unsigned long long)s1, (unsigned long long)s2, (unsigned long long)s3,
              (unsigned long long)blk, (unsigned long long)s4, (unsigned long long)la,
              (unsigned long long)lb, (unsigned long long)ex);
  all.insert(all.end(), {first, s2, s3, s4});

  // Monte Carlo: pi from 10^6 points (sd of the estimate: 0.0016).
  const int M = 1000000;
  std::vector<unsigned char> in(M);
  [[sprig::parallel_for]] for (int i = 0; i < M; ++i) {
    double x = sprig::dprand_unit(), y = sprig::dprand_unit();
    in[i] = x * x + y * y < 1.0;
  }
  long hits = 0;
  for (unsigned char c : in)
    hits += c;
  double pi = 4.0 * hits / M;
  std::printf("pi: %s %.5f\n", std::fabs(pi - M_PI) < 3.5 * 0.0016 ? "ok" : "FAR", pi);

  // <random>'s distributions through sprig::dprand_engine: a normal distribution's
  // mean and variance over 10^5 iterations (sd of the mean: 0.0032).
  const int G = 100000;
  std::vector<double> gs(G);
  [[sprig::parallel_for]] for (int i = 0; i < G; ++i) {
    std::normal_distribution<double> gauss(0.0, 1.0);
    sprig::dprand_engine eng;
    gs[i] = gauss(eng);
  }
  double mean = 0, var = 0;
  for (double g : gs)
    mean += g / G;
  for (double g : gs)
    var += (g - mean) * (g - mean) / G;
  std::printf("normal: %s %.6f %.6f\n",
              std::fabs(mean) < 0.016 && std::fabs(var - 1.0) < 0.03 ? "ok" : "OFF", mean, var);

  std::vector<uint64_t> sorted = all;
  std::sort(sorted.begin(), sorted.end());
  bool distinct = std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
  std::printf("distinct: %s (%zu draws)\n", distinct ? "yes" : "no", all.size());

  // Each thread's first strand starts at the same position: the same draws.
  uint64_t th[2];
  std::thread a([&] { th[0] = tree(4); }), b([&] { th[1] = tree(4); });
  a.join();
  b.join();
  std::printf("threads alike: %s\n", th[0] == th[1] ? "yes" : "no");

  // dprand_seed starts the calling strand again: the same draws after the same seed.
  sprig::dprand_seed(7);
  uint64_t r1 = tree(3);
  sprig::dprand_seed(7);
  uint64_t r2 = tree(3);
  std::printf("reseeded alike: %s %016llx\n", r1 == r2 ? "yes" : "no",
              (unsigned long long)r1);
  return 0;
}
