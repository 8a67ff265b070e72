// reducers: accumulate across parallel strands with the serial program's result, in
// both spellings (docs/reducers.md). A parallel loop over a million "log lines" counts
// the errors in a reducer variable ([[sprig::reducer(identity, reduce)]]), and a
// recursive walk collects the ids of the slow requests, in order, into a
// sprig::reducer<op_list_append> passed by reference: the list comes out exactly as the
// serial program builds it, although its pieces were appended by different workers.
// Build: sprig++ -O2 reducers.cpp -o reducers;  run: ./reducers [lines]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <list>
#include <sprig/reducer.h>
#include <vector>

struct Line {
  int status;  // an HTTP status
  int millis;  // the request's latency
};

// The identity and the reduce of a count, with C signatures.
void count_zero(void *v) { *static_cast<long *>(v) = 0; }
void count_add(void *l, void *r) { *static_cast<long *>(l) += *static_cast<long *>(r); }

// Every strand after a steal adds into a view of its own; the views are added at the
// loop's sync.
[[sprig::reducer(count_zero, count_add)]] long errors = 0;

// Divide and conquer over [lo, hi): the slow requests' ids, in the order of the lines.
void collect_slow(const std::vector<Line> &log, long lo, long hi,
                  sprig::reducer<sprig::op_list_append<long>> &slow) {
  if (hi - lo <= 2048) {
    for (long i = lo; i < hi; ++i)
      if (log[i].millis > 900)
        slow->push_back(i);
    return;
  }
  long mid = lo + (hi - lo) / 2;
  [[sprig::spawn]] collect_slow(log, lo, mid, slow);
  collect_slow(log, mid, hi, slow);
  [[sprig::sync]];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 4'000'000;
  std::vector<Line> log(n);
  unsigned long x = 88172645463325252ul;
  for (Line &l : log) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    l.status = x % 50 == 0 ? 500 : 200;
    l.millis = static_cast<int>(x >> 40) % 1000;
  }

  auto t0 = std::chrono::steady_clock::now();
  [[sprig::parallel_for]] for (long i = 0; i < n; ++i) {
    if (log[i].status >= 500)
      errors += 1;
  }
  sprig::reducer<sprig::op_list_append<long>> slow;
  collect_slow(log, 0, n, slow);
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // Self-check against the serial computation.
  long expect_errors = 0;
  std::list<long> expect_slow;
  for (long i = 0; i < n; ++i) {
    expect_errors += log[i].status >= 500;
    if (log[i].millis > 900)
      expect_slow.push_back(i);
  }
  if (errors != expect_errors || slow.get_value() != expect_slow) {
    std::printf("reducers: WRONG: %ld errors (expected %ld), %zu slow requests (expected "
                "%zu)\n",
                errors, expect_errors, slow->size(), expect_slow.size());
    return 1;
  }
  std::printf("reducers: %ld lines, %ld errors, %zu slow requests in order, ok\n", n,
              errors, slow->size());
  std::fprintf(stderr, "time: %.3f s\n", sec);
  return 0;
}
