// [[sprig::parallel_for]] iterations are logically parallel, whatever the grain: the
// detector runs each iteration as a leaf of its own, so neighbouring iterations that
// write one slot (a[i / 2]) race even where the parallel program's grain would put them
// in one chunk; iterations writing their own slots do not.
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %expect_exit 66 %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: write at main at {{.*}}loop-iterations.cpp:[[@LINE+13]]:{{[0-9]+}}
// CHECK: logically parallel with the earlier write at main at {{.*}}loop-iterations.cpp:[[@LINE+12]]:{{[0-9]+}}
// CHECK: sprig race: 1 distinct race{{$}}
#include <cstdio>
#include <vector>

int main() {
  std::vector<long> own(1000), half(500);
  [[sprig::parallel_for]] for (int i = 0; i < 1000; ++i)
    own[i] = i;
  [[sprig::parallel_for]] [[sprig::grainsize(1000)]] for (int i = 0; i < 1000; ++i)
    own[i] += 1;
  [[sprig::parallel_for]] for (int i = 0; i < 1000; ++i)
    half[i / 2] = i;
  long s = 0;
  for (long v : own)
    s += v;
  std::printf("%ld %ld\n", s, half[10]);
}
