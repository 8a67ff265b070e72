// Reducer views never race (docs/race.md): the detector gives every strand its own
// views, as if every continuation were stolen, and reduces them at the sync. Children
// that update reducers (sum, string, list) report nothing and the values are the serial
// elision's; a plain global that the same children write is still reported, alone.
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %clangxx -O1 -Wno-unknown-attributes -I%sprig_inc %s -o %t.serial
// RUN: not %t > %t.out 2> %t.err
// RUN: %t.serial | diff - %t.out
// RUN: FileCheck %s < %t.err
// CHECK: sprig race: determinacy race on
// CHECK-NEXT: write at leaf(int) at {{.*}}reducers.cpp:[[@LINE+18]]
// CHECK-NOT: reducer.h
// CHECK: sprig race: 1 distinct race{{$}}
#include <sprig/reducer.h>
#include <cstdio>
#include <list>
#include <string>

sprig::reducer<sprig::op_add<long>> sum;
sprig::reducer<sprig::op_string> str;
sprig::reducer<sprig::op_list_append<int>> lst;
int plain;

__attribute__((noinline)) void leaf(int i) {
  *sum += i;
  *str += static_cast<char>('a' + i % 26);
  lst->push_back(i);
  if (i == 3 || i == 5)
    plain = i;  // the one race
}

void tree(int lo, int hi) {
  if (hi - lo == 1)
    return leaf(lo);
  int mid = lo + (hi - lo) / 2;
  [[sprig::spawn]] tree(lo, mid);
  tree(mid, hi);
  [[sprig::sync]];
}

int main() {
  tree(0, 64);
  long lsum = 0;
  sprig::reducer<sprig::op_add<long>> local;
  [[sprig::parallel_for]] for (int i = 0; i < 100; ++i) *local += i;
  for (int x : lst.get_value())
    lsum += x;
  std::printf("%ld %s %ld %ld %d\n", sum.get_value(), str.get_value().c_str(), lsum,
              local.get_value(), plain);
}
