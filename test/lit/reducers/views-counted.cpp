// Views are made lazily and destroyed exactly once: a monoid whose values count their
// constructions and destructions ends with none alive but the reducers themselves,
// with or without exceptions thrown by children (caught at the sync), in divide and
// conquer, nested parallel loops, and reducers local to stolen strands (registered
// there, destroyed after their sync). Each value is the serial elision's.
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK: tree 3200 caught 16 alive 1
// CHECK: loops 20000 alive 1
// CHECK: locals 161700 alive 1
// CHECK-NEXT: end alive 0
#include <sprig/reducer.h>
#include "Inputs/hash.h"
#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>

std::atomic<long> alive{0};

// An order-sensitive value (a string) that counts itself.
struct Counted {
  std::string s;
  Counted() { alive.fetch_add(1, std::memory_order_relaxed); }
  Counted(const Counted &o) : s(o.s) { alive.fetch_add(1, std::memory_order_relaxed); }
  ~Counted() { alive.fetch_sub(1, std::memory_order_relaxed); }
};
struct op_cat : sprig::monoid_base<Counted> {
  static void reduce(Counted *l, Counted *r) { l->s += r->s; }
};

sprig::reducer<op_cat> *cat;

void tree(int lo, int hi) {
  if (hi - lo == 1) {
    (*cat)->s += static_cast<char>('a' + lo % 26);
    if (lo % 200 == 199)
      throw std::runtime_error("leaf");
    return;
  }
  int mid = lo + (hi - lo) / 2;
  [[sprig::spawn]] tree(lo, mid);
  tree(mid, hi);
  [[sprig::sync]];
}

// Catches at its own sync: the exception of the first child in serial order that
// threw. Its continuation only spawns (no update in the window after the throw), so
// the value is the serial program's.
void guarded(int lo, int hi, int &caught) {
  try {
    [[sprig::spawn]] tree(lo, hi);
    [[sprig::sync]];
  } catch (const std::runtime_error &) {
    ++caught;
  }
}

long local_sum(int n) {
  // A reducer made inside the computation (in whatever strand runs this call).
  sprig::reducer<sprig::op_add<long>> s;
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) *s += i;
  return s.get_value();
}

long locals(int lo, int hi) {
  if (hi - lo == 1)
    return local_sum(lo);
  int mid = lo + (hi - lo) / 2;
  long a = 0, b = 0;
  [[sprig::spawn]] a = locals(lo, mid);
  b = locals(mid, hi);
  [[sprig::sync]];
  return a + b;
}

int main() {
  {
    sprig::reducer<op_cat> c;
    cat = &c;
    int caught = 0;
    for (int k = 0; k < 16; ++k)
      guarded(k * 200, k * 200 + 200, caught);
    std::printf("tree %zu caught %d alive %ld\n", c->s.size(), caught, alive.load());
    std::printf("hash %lu\n", hash(c->s));
  }
  {
    sprig::reducer<op_cat> c;
    [[sprig::parallel_for]] for (int i = 0; i < 100; ++i) {
      [[sprig::parallel_for]] for (int j = 0; j < 200; ++j) c->s += static_cast<char>('a' + (i * j) % 26);
    }
    std::printf("loops %zu alive %ld\n", c->s.size(), alive.load());
    std::printf("hash %lu\n", hash(c->s));
  }
  {
    sprig::reducer<op_cat> c;
    long total = locals(0, 100);
    std::printf("locals %ld alive %ld\n", total, alive.load());
  }
  std::printf("end alive %ld\n", alive.load());
}
