// Reducers in several root computations at once: application threads, each with its
// own local reducers (and a shared reducer read by none of them while they run), more
// threads than workers. Each result is the serial elision's.
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK: thread 0: sum 1999000 string 2000
// CHECK: thread 5: sum 1999000 string 2000
#include <sprig/reducer.h>
#include "Inputs/hash.h"
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

void tree(sprig::reducer<sprig::op_add<long>> &sum, sprig::reducer<sprig::op_string> &str,
          int lo, int hi, int salt) {
  if (hi - lo == 1) {
    *sum += lo;
    *str += static_cast<char>('a' + (lo * salt) % 26);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  [[sprig::spawn]] tree(sum, str, lo, mid, salt);
  tree(sum, str, mid, hi, salt);
  [[sprig::sync]];
}

int main() {
  const int n = 6;
  std::vector<std::string> out(n);
  std::vector<std::thread> threads;
  for (int t = 0; t < n; ++t)
    threads.emplace_back([t, &out] {
      char buf[128];
      std::string acc;
      for (int round = 0; round < 5; ++round) {
        sprig::reducer<sprig::op_add<long>> sum;
        sprig::reducer<sprig::op_string> str;
        tree(sum, str, 0, 2000, t + round + 1);
        std::snprintf(buf, sizeof buf, "thread %d: sum %ld string %zu %lu\n", t,
                      sum.get_value(), str->size(), hash(*str));
        if (round == 4)
          acc += buf;
      }
      out[t] = acc;
    });
  for (auto &th : threads)
    th.join();
  for (auto &s : out)
    std::fputs(s.c_str(), stdout);
}
