// treewalk: reduce over an irregular, pointer-based binary tree (random shape, so
// subtrees have very different sizes). The left subtree is walked by a spawned call
// whose result initializes a new local, the declaration form
// `[[sprig::spawn]] T x = f(args);`; the variable may be read only after the sync.
// Build: sprig++ -O2 treewalk.cpp -o treewalk;  run: ./treewalk [nodes]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

struct Node {
  long value;
  Node *left = nullptr, *right = nullptr;
};

struct Sum {
  long nodes, total;
};

Sum walk(const Node *t) {
  if (!t)
    return {0, 0};
  [[sprig::spawn]] Sum l = walk(t->left);
  Sum r = walk(t->right);
  [[sprig::sync]];  // l is ready from here on
  return {l.nodes + r.nodes + 1, l.total + r.total + t->value};
}

// A random tree of n nodes: the root, then a uniformly random split of the other n - 1
// between the two subtrees (the shape of a random binary search tree: uneven subtrees).
Node *build(long n, std::vector<Node> &pool, long &used, std::mt19937_64 &gen, long &sum) {
  if (n == 0)
    return nullptr;
  Node *t = &pool[used++];
  t->value = static_cast<long>(gen() % 1000);
  sum += t->value;
  long k = static_cast<long>(gen() % static_cast<unsigned long>(n));
  t->left = build(k, pool, used, gen, sum);
  t->right = build(n - 1 - k, pool, used, gen, sum);
  return t;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 4'000'000;
  std::vector<Node> pool(n);
  std::mt19937_64 gen(3);
  long used = 0, expect = 0;
  Node *root = build(n, pool, used, gen, expect);

  auto t0 = std::chrono::steady_clock::now();
  Sum s = walk(root);
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  if (s.nodes != n ||
      s.total != expect) {  // self-check against the sum made while building
    std::printf("treewalk: WRONG: %ld nodes, sum %ld; expected %ld, %ld\n", s.nodes,
                s.total, n, expect);
    return 1;
  }
  std::printf("treewalk: %ld nodes, sum of values %ld, ok\n", s.nodes, s.total);
  std::fprintf(stderr, "time: %.3f s\n", sec);
  return 0;
}
