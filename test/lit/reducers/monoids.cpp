// Every standard monoid of <sprig/reducer.h>, updated from the leaves of a divide and
// conquer and from a parallel loop: the final values are the serial elision's at
// P = 1, 2, 4, 8 and -O0..-O3, the order-sensitive ones (string, list append and
// prepend, vector) included.
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK: add 49995000 mul {{[1-9][0-9]*}} min 1 max 9998
// CHECK-NEXT: and {{[0-9]+}} or {{[0-9]+}} xor {{[0-9]+}}
// CHECK-NEXT: string 10000 {{[0-9]+}} list 10000 ordered 1 prepend 10000 reversed 1 vector 10000 ordered 1
// CHECK-NEXT: loop add 4999950000 string 100000 {{[0-9]+}} vector 100000 ordered 1
#include <sprig/reducer.h>
#include "Inputs/hash.h"
#include <algorithm>
#include <cstdio>
#include <string>

sprig::reducer<sprig::op_add<long>> r_add;
sprig::reducer<sprig::op_mul<unsigned long>> r_mul;
sprig::reducer<sprig::op_min<int>> r_min;
sprig::reducer<sprig::op_max<int>> r_max;
sprig::reducer<sprig::op_and<unsigned>> r_and;
sprig::reducer<sprig::op_or<unsigned>> r_or;
sprig::reducer<sprig::op_xor<unsigned>> r_xor;
sprig::reducer<sprig::op_string> r_str;
sprig::reducer<sprig::op_list_append<int>> r_list;
sprig::reducer<sprig::op_list_prepend<int>> r_prep;
sprig::reducer<sprig::op_vector<int>> r_vec;

__attribute__((noinline)) void leaf(int i) {
  *r_add += i;
  *r_mul *= static_cast<unsigned long>(2 * (i % 7) + 1);  // odd: never 0 mod 2^64
  if (i % 13 != 0)
    *r_min = std::min(*r_min, i);  // through the view, as a user would
  r_max.set_value(std::max(r_max.get_value(), i % 9999));
  *r_and &= ~(1u << (i % 32)) | (i % 3 ? ~0u : 0u);
  *r_or |= 1u << (i % 29);
  *r_xor ^= static_cast<unsigned>(i) * 2654435761u;
  *r_str += static_cast<char>('a' + i % 26);
  r_list->push_back(i);
  r_prep->push_front(i);
  r_vec->push_back(i);
}

void tree(int lo, int hi) {
  if (hi - lo <= 4) {
    for (int i = lo; i < hi; ++i)
      leaf(i);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  [[sprig::spawn]] tree(lo, mid);
  tree(mid, hi);
  [[sprig::sync]];
}

int main() {
  tree(0, 10000);
  std::printf("add %ld mul %lu min %d max %d\n", r_add.get_value(), r_mul.get_value(),
              r_min.get_value(), r_max.get_value());
  std::printf("and %u or %u xor %u\n", r_and.get_value(), r_or.get_value(),
              r_xor.get_value());
  int next = 0, ordered = 1;
  for (int x : r_list.get_value())
    ordered &= x == next++;
  int reversed = 1, prev = 10000;
  for (int x : r_prep.get_value())
    reversed &= x == --prev;
  int vordered = 1;
  for (int i = 0; i < (int)r_vec->size(); ++i)
    vordered &= (*r_vec)[i] == i;
  std::printf("string %zu %lu list %zu ordered %d prepend %zu reversed %d vector %zu ordered %d\n",
              r_str->size(), hash(*r_str), r_list->size(), ordered, r_prep->size(), reversed,
              r_vec->size(), vordered);

  sprig::reducer<sprig::op_add<long>> sum;
  sprig::reducer<sprig::op_string> str;
  sprig::reducer<sprig::op_vector<int>> vec;
  [[sprig::parallel_for]] for (int i = 0; i < 100000; ++i) {
    *sum += i;
    *str += static_cast<char>('A' + i % 26);
    vec->push_back(i);
  }
  int lordered = 1;
  for (int i = 0; i < (int)vec->size(); ++i)
    lordered &= (*vec)[i] == i;
  std::printf("loop add %ld string %zu %lu vector %zu ordered %d\n", sum.get_value(),
              str->size(), hash(*str), vec->size(), lordered);
}
