// The C++ half of exec/c-calls-cxx.c: spawning functions with C linkage that spawn the
// C half's functions. An exception thrown by a child is caught here, on the C++ side.
#include <stdexcept>

extern "C" long c_fib(int n);
extern "C" long c_leaf(int depth);

static long sum_range(const int *ns, int lo, int hi) {
  if (hi - lo == 1)
    return c_fib(ns[lo]);
  int mid = (lo + hi) / 2;
  [[sprig::spawn]] long a = sum_range(ns, lo, mid);
  long b = sum_range(ns, mid, hi);
  [[sprig::sync]];
  return a + b;
}

extern "C" long cxx_sum(const int *ns, int count) { return sum_range(ns, 0, count); }

// depth 0: 1; otherwise two C leaves of depth - 1 (each two trees of depth - 1, + 100).
extern "C" long cxx_tree(int depth) {
  if (depth == 0)
    return 1;
  long a, b;
  [[sprig::spawn]] a = c_leaf(depth - 1);
  b = c_leaf(depth - 1);
  [[sprig::sync]];
  return (a + b) / 2;
}

extern "C" long cxx_apply(long (*fn)(int), int from, int to) {
  if (to - from == 1)
    return fn(from);
  int mid = (from + to) / 2;
  [[sprig::spawn]] long a = cxx_apply(fn, from, mid);
  [[sprig::spawn]] long b = fn(mid);  // a C function through a pointer
  long c = mid + 1 < to ? cxx_apply(fn, mid + 1, to) : 0;
  [[sprig::sync]];
  return a + b + c;
}

static int thrower(int n) {
  if (n % 2)
    throw std::runtime_error("odd");
  return n;
}

static int try_one(int n) {
  try {
    [[sprig::spawn]] thrower(n);
    [[sprig::sync]];
  } catch (const std::exception &) {
    return 1;
  }
  return 0;
}

extern "C" int cxx_caught(int n) {
  int c = 0;
  for (int i = 0; i < 2 * n; ++i)
    c += try_one(i);
  return c;
}
