// Exceptions out of [[sprig::parallel_for]], against the serial elision at -O0..-O3 and
// P=1,2,4,8: the exception that reaches the code after the loop is the first in
// iteration order (as in the serial loop), whatever the schedule; every iteration before
// it has run; locals of the iterations are destroyed; the exception's type and contents
// survive; an exception from an inner loop goes through the outer one; one thrown by a
// child spawned in an iteration comes out of the loop too; and after a loop that threw,
// the next loop and the surrounding function's destructors behave as usual.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: default-grain caught 700 before-ran 1
// CHECK: grain1 caught 5 before-ran 1
// CHECK: inner caught 31 before-ran 1
// CHECK: child caught 17
// CHECK: type kept 42
// CHECK: balanced 1
// CHECK: after 3000
#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

std::atomic<long> live{0};
struct Tracked {
  Tracked() { live++; }
  ~Tracked() { live--; }
};
struct Custom {
  int value;
};

static int first_thrown(const std::exception &e) { return std::stoi(e.what()); }

static void thrower(int i) {
  if (i == 17 || i == 40)
    throw std::runtime_error(std::to_string(i));
}

int run(int n, int grain, const std::vector<int> &bad, std::vector<char> &ran) {
  try {
    if (grain == 1) {
      [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (int i = 0; i < n; ++i) {
        Tracked t;
        for (int b : bad)
          if (i == b)
            throw std::runtime_error(std::to_string(i));
        ran[i] = 1;
      }
    } else {
      [[sprig::parallel_for]] for (int i = 0; i < n; ++i) {
        Tracked t;
        for (int b : bad)
          if (i == b)
            throw std::runtime_error(std::to_string(i));
        ran[i] = 1;
      }
    }
  } catch (const std::exception &e) {
    return first_thrown(e);
  }
  return -1;
}

bool all_before(const std::vector<char> &ran, int k) {
  for (int i = 0; i < k; ++i)
    if (!ran[i])
      return false;
  return true;
}

int main() {
  std::vector<char> ran(5000);
  int k = run(5000, 0, {4999, 700, 2100}, ran);
  std::printf("default-grain caught %d before-ran %d\n", k, all_before(ran, k));
  std::vector<char> ran2(200);
  k = run(200, 1, {150, 5, 77}, ran2);
  std::printf("grain1 caught %d before-ran %d\n", k, all_before(ran2, k));

  std::vector<char> ran3(64 * 64);
  try {
    [[sprig::parallel_for]] for (int i = 0; i < 64; ++i) {
      [[sprig::parallel_for]] for (int j = 0; j < 64; ++j) {
        if (i * 64 + j == 31 || i * 64 + j == 2000)
          throw std::runtime_error(std::to_string(i * 64 + j));
        ran3[i * 64 + j] = 1;
      }
    }
    k = -1;
  } catch (const std::exception &e) {
    k = first_thrown(e);
  }
  std::printf("inner caught %d before-ran %d\n", k, all_before(ran3, k));

  try {
    [[sprig::parallel_for]] for (int i = 0; i < 60; ++i) {
      [[sprig::spawn]] thrower(i);
      thrower(1000 + i);
      [[sprig::sync]];
    }
    k = -1;
  } catch (const std::exception &e) {
    k = first_thrown(e);
  }
  std::printf("child caught %d\n", k);

  try {
    [[sprig::parallel_for]] for (int i = 0; i < 100; ++i)
      if (i == 42)
        throw Custom{i};
  } catch (Custom c) {
    std::printf("type kept %d\n", c.value);
  }
  std::printf("balanced %d\n", live.load() == 0);

  std::vector<int> after(3000);
  [[sprig::parallel_for]] for (int i = 0; i < 3000; ++i) after[i] = 1;
  long s = 0;
  for (int x : after) s += x;
  std::printf("after %ld\n", s);
}
