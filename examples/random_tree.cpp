// random_tree: random numbers in parallel code that give the same results at every
// number of workers, with sprig::dprand() (<sprig/rng.h>, docs/rng.md).
//   1. A random tree explored as it is drawn (a Galton-Watson process, the shape of the
//      UTS benchmark): each node draws how many children it has, spawns one strand per
//      child, and sums what they find. The tree is irregular and the schedule decides
//      which worker explores which subtree, yet each node's draws depend only on its
//      position in the spawn tree, so the tree, its size and its depth are the same at
//      SPRIG_NWORKERS=1, 2 or 64, run after run.
//   2. A Monte Carlo estimate of pi over a parallel loop: iteration k's two draws depend
//      on k alone, whatever the grain and whichever worker runs it: the same digits at
//      every P.
// With a shared generator (rand(), one std::mt19937 per worker) both would change with
// the schedule. Built by a plain compiler (g++ -Wno-attributes -I include) the program
// runs serially on a fixed stream: other numbers, the same at every run.
// Build: sprig++ -O2 random_tree.cpp -o random_tree;  run: ./random_tree [seed]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sprig/rng.h>
#include <vector>

struct Found {
  long nodes;
  int depth;
};

// A node at depth d has 0..4 children, 1.9 on average before depth 12 (the tree grows),
// then fewer and fewer (it dies out).
static Found explore(int d) {
  double keep = d < 12 ? 0.95 : 0.95 * 12.0 / d / 1.6;
  int kids = 0;
  for (int i = 0; i < 4; ++i)
    kids += sprig::dprand_unit() < keep / 2.0;
  std::vector<Found> sub(kids);
  for (int i = 0; i < kids; ++i) [[sprig::spawn]]
    sub[i] = explore(d + 1);
  [[sprig::sync]];
  Found f{1, d};
  for (const Found &s : sub) {
    f.nodes += s.nodes;
    if (s.depth > f.depth)
      f.depth = s.depth;
  }
  return f;
}

static double estimate_pi(long n) {
  std::vector<unsigned char> in(n);
  [[sprig::parallel_for]] for (long i = 0; i < n; ++i) {
    double x = sprig::dprand_unit(), y = sprig::dprand_unit();
    in[i] = x * x + y * y < 1.0;
  }
  long hits = 0;
  for (unsigned char c : in)
    hits += c;
  return 4.0 * (double)hits / (double)n;
}

int main(int argc, char **argv) {
  uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2026;
  sprig::dprand_seed(seed);
  Found t = explore(0);
  std::printf("random tree (seed %llu): %ld nodes, depth %d\n", (unsigned long long)seed,
              t.nodes, t.depth);
  std::printf("pi from 4000000 random points: %.6f\n", estimate_pi(4000000));
  return 0;
}
