// `break` in [[sprig::parallel_for]] and sprig::parallel_for's loop_break, against the
// serial elision at -O0..-O3 and P=1,2,4,8: the first break in iteration order ends the
// loop and every reducer holds the serial loop's value (the updates of iterations after
// it are discarded), order-sensitive monoids (string, vector) included; default grain
// and grain 1; a body that spawns (the child's updates before the break are kept); a
// nested loop's break ends the nested loop only, an outer break the outer one; the
// first event in iteration order wins between a break and a throw; a break in the first
// iteration, and a loop that never breaks; a descending loop and an iterator loop; a
// callable returning loop_control, and ones returning void or an int (no break).
// RUN: %run_opts %s %t -I%sprig_inc | FileCheck %s
// CHECK: search default: count 61732 sum {{[0-9]+}} str 61732 {{[0-9]+}} vec 61732 {{[0-9]+}}
// CHECK: search grain1: count 61732 sum {{[0-9]+}} str 61732 {{[0-9]+}} vec 61732 {{[0-9]+}}
// CHECK: spawning: count 4001 {{[0-9]+}}
// CHECK: nested: inner 10679 outer 156 {{[0-9]+}}
// CHECK: break-then-throw: none count 201
// CHECK: throw-then-break: caught 150 count 150
// CHECK: first: count 1 never: count 100000
// CHECK: descending: count 30 iterators: count 4
// CHECK: callable: count 7778 void 1000 int 1000
#include <sprig/parallel_for.h>
#include <sprig/reducer.h>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

static sprig::reducer<sprig::op_add<long>> count, sum;
static sprig::reducer<sprig::op_string> str;
static sprig::reducer<sprig::op_vector<long>> vec;
static std::vector<int> a;

static unsigned long hashv() {
  unsigned long h = 1469598103934665603ul;
  for (long x : vec.get_value()) h = (h ^ (unsigned long)x) * 1099511628211ul;
  return h;
}
static unsigned long hashs() {
  unsigned long h = 1469598103934665603ul;
  for (unsigned char c : str.get_value()) h = (h ^ c) * 1099511628211ul;
  return h;
}
static void reset() {
  count.set_value(0), sum.set_value(0), str.set_value(""), vec.set_value({});
}

template <bool Grain1> static void search(int target) {
  auto body = [&](long i) {
    *count += 1;
    *str += static_cast<char>('a' + i % 26);
    vec->push_back(i);
    if (a[i] == target) return true;
    *sum += a[i];
    return false;
  };
  if (Grain1) {
    [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (long i = 0; i < (long)a.size(); ++i)
      if (body(i)) break;
  } else {
    [[sprig::parallel_for]] for (long i = 0; i < (long)a.size(); ++i) {
      if (body(i))
        break;
    }
  }
}

static void leaf(long i) {
  *sum += i;
  vec->push_back(i);
}

int main() {
  a.resize(100000);
  for (int i = 0; i < 100000; ++i)
    a[i] = (int)((i * 2654435761u) % 100003u);
  a[61731] = -5, a[80000] = -5, a[99999] = -5;
  reset();
  search<false>(-5);
  std::printf("search default: count %ld sum %ld str %zu %lu vec %zu %lu\n", count.get_value(),
              sum.get_value(), str.get_value().size(), hashs(), vec.get_value().size(), hashv());
  reset();
  search<true>(-5);
  std::printf("search grain1: count %ld sum %ld str %zu %lu vec %zu %lu\n", count.get_value(),
              sum.get_value(), str.get_value().size(), hashs(), vec.get_value().size(), hashv());

  // A body that spawns: the child of the breaking iteration is waited for and kept.
  reset();
  [[sprig::parallel_for]] [[sprig::grainsize(3)]] for (long i = 0; i < 10000; ++i) {
    [[sprig::spawn]] leaf(i);
    *count += 1;
    if (i == 4000)
      break;
  }
  std::printf("spawning: count %ld %lu\n", count.get_value(), hashv());

  // Nested: the inner break ends the inner loop; the outer one ends the outer loop.
  reset();
  [[sprig::parallel_for]] for (int i = 0; i < 300; ++i) {
    [[sprig::parallel_for]] for (int j = 0; j < 500; ++j) {
      if (a[i * 300 + j] % 97 == 0)
        break;
      *count += 1;
    }
    vec->push_back(i);
    if (a[i] % 101 == 1)
      break;
  }
  std::printf("nested: inner %ld outer %zu %lu\n", count.get_value(), vec.get_value().size(),
              hashv());

  // Break and throw: the first in iteration order wins.
  reset();
  try {
    [[sprig::parallel_for]] for (int i = 0; i < 10000; ++i) {
      *count += 1;
      if (i == 200)
        break;
      if (i == 300 || i == 9000)
        throw std::runtime_error(std::to_string(i));
    }
    std::printf("break-then-throw: none count %ld\n", count.get_value());
  } catch (const std::exception &e) {
    std::printf("break-then-throw: caught %s\n", e.what());
  }
  reset();
  try {
    [[sprig::parallel_for]] for (int i = 0; i < 10000; ++i) {
      if (i == 150 || i == 7000)
        throw std::runtime_error(std::to_string(i));
      *count += 1;
      if (i == 160 || i == 5000)
        break;
    }
    std::printf("throw-then-break: none\n");
  } catch (const std::exception &e) {
    std::printf("throw-then-break: caught %s count %ld\n", e.what(), count.get_value());
  }

  reset();
  [[sprig::parallel_for]] for (int i = 0; i < 100000; ++i) {
    *count += 1;
    break;
  }
  long first = count.get_value();
  reset();
  [[sprig::parallel_for]] for (int i = 0; i < 100000; ++i) {
    *count += 1;
    if (a[i] < -100)
      break;
  }
  std::printf("first: count %ld never: count %ld\n", first, count.get_value());

  reset();
  [[sprig::parallel_for]] for (unsigned u = 100; u > 0; --u) {
    *count += 1;
    if (u == 71)
      break;
  }
  long desc = count.get_value();
  reset();
  std::vector<int> v{4, 8, 15, 16, 23, 42};
  [[sprig::parallel_for]] for (auto it = v.begin(); it != v.end(); ++it) {
    *count += 1;
    if (*it == 16)
      break;
  }
  std::printf("descending: count %ld iterators: count %ld\n", desc, count.get_value());

  reset();
  sprig::parallel_for(0L, 100000L, [&](long i) {
    *count += 1;
    return i == 7777 ? sprig::loop_break : sprig::loop_continue;
  });
  long c1 = count.get_value();
  reset();
  sprig::parallel_for(0, 1000, [&](int) { *count += 1; });
  long c2 = count.get_value();
  reset();
  sprig::parallel_for(0, 1000, [&](int i) { *count += 1; return i == 3 ? 0 : 1; });
  std::printf("callable: count %ld void %ld int %ld\n", c1, c2, count.get_value());
}
