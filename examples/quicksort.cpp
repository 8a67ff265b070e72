// quicksort: divide and conquer where the split is data-dependent. After partitioning,
// the left part is sorted by a spawned call while the parent sorts the right part
// itself; below a cutoff the sort is sequential, so each task has real work. Shows the
// call form `[[sprig::spawn]] f(args);` and that the spawned child's arguments (here two
// pointers) are evaluated before the parent's continuation can move on.
// Build: sprig++ -O2 quicksort.cpp -o quicksort;  run: ./quicksort [n]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

void quicksort(int *lo, int *hi) {  // sorts [lo, hi)
  if (hi - lo < 4096) {
    std::sort(lo, hi);
    return;
  }
  int pivot = lo[(hi - lo) / 2];
  int *mid1 = std::partition(lo, hi, [pivot](int x) { return x < pivot; });
  int *mid2 = std::partition(mid1, hi, [pivot](int x) { return x == pivot; });
  [[sprig::spawn]] quicksort(lo, mid1);  // [lo, mid1): the elements below the pivot
  quicksort(mid2, hi);                   // [mid2, hi): the elements above it
  [[sprig::sync]];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 10'000'000;
  std::vector<int> v(n);
  std::mt19937 gen(42);
  for (int &x : v)
    x = static_cast<int>(gen());
  std::vector<int> expect = v;
  std::sort(expect.begin(), expect.end());

  auto t0 = std::chrono::steady_clock::now();
  quicksort(v.data(), v.data() + n);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  if (v != expect) {  // self-check against std::sort
    std::printf("quicksort: WRONG: the result differs from std::sort\n");
    return 1;
  }
  std::printf("quicksort: sorted %ld ints, ok\n", n);
  std::fprintf(stderr, "time: %.3f s\n", s);
  return 0;
}
