// With one worker a parallel loop stops where the serial loop stops when an iteration
// throws: a chunk does not start past the first iteration that threw, and stops after
// its own (plugin/early/ParallelLoops.cpp). With more workers later iterations may run (not
// checked here). Default grain and grain 1, -O0 and -O2.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial && %t.serial | FileCheck %s
// RUN: %sprigxx -O0 %s -o %t.O0 && env SPRIG_NWORKERS=1 %t.O0 | FileCheck %s
// RUN: %sprigxx -O2 %s -o %t.O2 && env SPRIG_NWORKERS=1 %t.O2 | FileCheck %s
// CHECK: default: caught 300 after 301 iterations
// CHECK: grain1: caught 300 after 301 iterations
#include <cstdio>
#include <stdexcept>
#include <string>

static int ran;

template <bool Grain1> static void run(const char *name) {
  ran = 0;
  try {
    if (Grain1) {
      [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (int i = 0; i < 1000; ++i) {
        ++ran;
        if (i == 300 || i == 700)
          throw std::runtime_error(std::to_string(i));
      }
    } else {
      [[sprig::parallel_for]] for (int i = 0; i < 1000; ++i) {
        ++ran;
        if (i == 300 || i == 700)
          throw std::runtime_error(std::to_string(i));
      }
    }
  } catch (const std::exception &e) {
    std::printf("%s: caught %s after %d iterations\n", name, e.what(), ran);
  }
}

int main() {
  run<false>("default");
  run<true>("grain1");
}
