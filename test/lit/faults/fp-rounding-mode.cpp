// The program sets the rounding mode (fesetround) and spawns; the continuation, stolen by
// another worker, divides. A thief takes the floating-point control state (MXCSR, x87
// control word) saved at the spawn, so the quotients round upward as in the serial
// elision. Before: the thief kept its own (round to nearest).
// The child waits (up to 200 ms) for the continuation, so at P >= 2 it is stolen.
// RUN: %sprigxx -O2 %s -o %t
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %run_p %t.serial %t | FileCheck %s
// CHECK: upward: 1/3 = 0x1.5555555555556p-2, 2/3 = 0x1.5555555555556p-1, long double 1/3 = 0xa.aaaaaaaaaaaaaabp-5
#include <atomic>
#include <cfenv>
#include <chrono>
#include <cstdio>
#include <thread>
static std::atomic<int> cont_ran{0};
__attribute__((noinline)) void wait_for_continuation() {
  auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  while (!cont_ran.load() && std::chrono::steady_clock::now() < until)
    std::this_thread::yield();
}
volatile double one = 1.0, two = 2.0, three = 3.0;
volatile long double lone = 1.0L, lthree = 3.0L;
void run() {
  [[sprig::spawn]] wait_for_continuation();
  double a = one / three, b = two / three;
  long double c = lone / lthree;
  cont_ran = 1;
  [[sprig::sync]];
  std::printf("upward: 1/3 = %a, 2/3 = %a, long double 1/3 = %La\n", a, b, c);
}
int main() {
  // Start the pool first: a new thread inherits its creator's FP control state, so
  // the mode must be set after the workers exist to tell anything.
  cont_ran = 1;
  run();
  cont_ran = 0;
  std::fesetround(FE_UPWARD);
  run();
}
