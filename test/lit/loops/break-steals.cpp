// `break` where thieves certainly run iterations after it: iterations heavy enough that
// the upper halves are stolen and run while the lower half reaches the break, early in
// the range. Their reducer updates (a count, an order-sensitive vector and string, in a
// flat loop, a body that spawns, and a nested loop whose outer loop breaks) must all be
// discarded: the values are the serial elision's at -O0..-O3 and P=1,2,4,8. Without the
// discard (runtime/view_map.cpp, merge_views) most repetitions of the flat loop came out
// wrong at P=8 on two CPUs.
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK: flat 20 {{[0-9]+}}
// CHECK: spawning 20 {{[0-9]+}}
// CHECK: nested 20 {{[0-9]+}}
#include <sprig/reducer.h>
#include <cstdio>
#include <string>
#include <vector>

static sprig::reducer<sprig::op_add<long>> cnt;
static sprig::reducer<sprig::op_vector<long>> vec;
static sprig::reducer<sprig::op_string> str;

__attribute__((noinline)) static long work(long i) {
  long s = 0;
  for (int j = 0; j < 8000; ++j)
    s += (i * j) % 7;
  return s;
}
static void visit(long i) {
  *cnt += 1 + (work(i) == -1);
  if (i % 5 == 0)
    vec->push_back(i);
  *str += static_cast<char>('a' + i % 26);
}
static unsigned long hash() {
  unsigned long h = static_cast<unsigned long>(cnt.get_value());
  for (long x : vec.get_value())
    h = (h ^ static_cast<unsigned long>(x)) * 1099511628211ul;
  for (unsigned char c : str.get_value())
    h = (h ^ c) * 1099511628211ul;
  return h;
}
static void reset() {
  cnt.set_value(0);
  vec.set_value({});
  str.set_value("");
}

int main() {
  unsigned long h = 0;
  int right = 0;
  for (int rep = 0; rep < 20; ++rep) {
    reset();
    [[sprig::parallel_for]] [[sprig::grainsize(4)]] for (long i = 0; i < 8000; ++i) {
      visit(i);
      if (i == 600 + rep * 7)
        break;
    }
    right += cnt.get_value() == 601 + rep * 7;
    h = h * 31 + hash();
  }
  std::printf("flat %d %lu\n", right, h);
  h = 0, right = 0;
  for (int rep = 0; rep < 20; ++rep) {
    reset();
    [[sprig::parallel_for]] [[sprig::grainsize(2)]] for (long i = 0; i < 8000; ++i) {
      [[sprig::spawn]] visit(i);
      visit(i + 100000);
      if (i == 300 + rep * 5)
        break;
    }
    right += cnt.get_value() == 2 * (301 + rep * 5);
    h = h * 31 + hash();
  }
  std::printf("spawning %d %lu\n", right, h);
  h = 0, right = 0;
  for (int rep = 0; rep < 20; ++rep) {
    reset();
    [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (long o = 0; o < 200; ++o) {
      [[sprig::parallel_for]] for (long j = 0; j < 40; ++j) {
        visit(o * 40 + j);
        if (j == (o + rep) % 45)
          break;
      }
      if (o == 12 + rep)
        break;
    }
    long want = 0;
    for (long o = 0; o <= 12 + rep; ++o)
      want += (o + rep) % 45 < 40 ? (o + rep) % 45 + 1 : 40;
    right += cnt.get_value() == want;
    h = h * 31 + hash();
  }
  std::printf("nested %d %lu\n", right, h);
}
