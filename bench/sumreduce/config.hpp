// bench/sumreduce/config.hpp - a sum reduction in a parallel loop (issue 17): s = sum of
// a[i] over kN longs (800 MB), each competitor's own reduction: Sprig's reducer
// (sprig::reducer<op_add>, updated in a [[sprig::parallel_for]] body), oneTBB's
// parallel_reduce, OpenMP's `reduction(+:s)`. Integers, so every order gives the serial
// answer exactly. The array is filled by the main thread; one untimed pass of the
// competitor's own loop comes first (as daxpy: its threads touch the memory), the
// second is timed and must return the serial sum.
#pragma once
#include "../common/bench.hpp"
#include <vector>

namespace cfg {
struct SumReduce {
  static constexpr const char *kName = "sumreduce";
  static constexpr long kN = 100'000'000;
};

// run_sum(argc, argv, "name", sum): sum(n, a) must return a[0] + ... + a[n-1].
template <class Sum> int run_sum(int argc, char **argv, const char *competitor, Sum sum) {
  long n = bench::arg_or(argc, argv, SumReduce::kN);
  std::vector<long> a(n);
  long expect = 0;
  for (long i = 0; i < n; ++i) {
    a[i] = (i * 7919) % 1000 - 300;
    expect += a[i];
  }
  long first = sum(n, a.data());  // untimed: the competitor's threads touch the memory
  auto t0 = bench::now();
  long got = sum(n, a.data());
  double secs = bench::seconds_since(t0);
  if (first != expect || got != expect)
    bench::fail(SumReduce::kName, competitor, "sum %ld (then %ld), expected %ld", first,
                got, expect);
  bench::report(SumReduce::kName, competitor, got, secs);
  return 0;
}
}  // namespace cfg
