// Spawned compound assignments under the race detector: the update `x op= f()` runs in
// the child, so children that update their own targets, with the continuation leaving
// them alone until the sync, are race-free (the serial elision's output, nothing
// reported); two children updating one target before a sync race (docs/forms.md), and
// the detector says so (exit status 66).
// RUN: %sprigxx --race -O1 %s -o %t
// RUN: %clangxx -O1 -Wno-unknown-attributes %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %t > %t.out 2> %t.err
// RUN: diff %t.expected %t.out
// RUN: FileCheck --allow-empty %s --check-prefix=CLEAN < %t.err
// RUN: %expect_exit 66 %t racy 2> %t.racy.err
// RUN: FileCheck %s --check-prefix=RACY < %t.racy.err
// CLEAN-NOT: sprig race
// RACY: sprig race: determinacy race on
// RACY: sprig race: 1 distinct race{{$}}
#include <cstdio>
#include <string>

__attribute__((noinline)) long f(long n) { return n < 2 ? n : f(n - 1) + f(n - 2); }
__attribute__((noinline)) std::string s(int n) { return std::to_string(f(n)); }

long acc[4] = {1, 2, 3, 4};

int main(int argc, char **argv) {
  if (argc > 1) {  // two children update acc[0]
    [[sprig::spawn]] acc[0] += f(10);
    [[sprig::spawn]] acc[0] += f(11);
    [[sprig::sync]];
    std::printf("%ld\n", acc[0]);
    return 0;
  }
  long x = 5;
  std::string str = "s=";
  for (int i = 0; i < 4; ++i)
    [[sprig::spawn]] acc[i] *= f(i + 10);
  [[sprig::spawn]] x -= f(12);
  [[sprig::spawn]] str += s(9);
  long mine = f(13);  // the continuation's own work
  [[sprig::sync]];
  std::printf("%ld %ld %ld %ld %ld %s %ld\n", acc[0], acc[1], acc[2], acc[3], x, str.c_str(),
              mine);
}
