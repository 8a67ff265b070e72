// [[sprig::parallel_for]] over integers, against the serial elision at -O0..-O3 and
// P=1,2,4,8: every comparison (< <= > >= != and the bound on the left), every increment
// (++ -- += -=), signed and unsigned types of several widths, unsigned down-counting,
// ranges at the top and bottom of the type (the trip count is taken without overflow),
// zero- and one-trip loops, a bound of a wider type, and grain sizes.
// Each iteration writes its own slot; the program prints a hash of every loop's slots
// and its trip count.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: lt 1000 {{-?[0-9]+}}
// CHECK: top 10 bottom 20 ulong-wrap 6
// CHECK: zero 0 0 0 one 1 1
// CHECK: done
#include <climits>
#include <cstdio>
#include <vector>

static std::vector<long> slots(4096);
static long hash_and_clear(int n) {
  long h = 0;
  for (int i = 0; i < n; ++i) {
    h = h * 1000003 + slots[i];
    slots[i] = 0;
  }
  return h;
}
static long mix(long x) { return x * 2654435761L % 1000003 + 1; }

int main(int argc, char **) {
  int n = 1000 + argc - 1;  // not a constant the optimiser could fold
  long nl = n;
  int trips = 0;

  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) slots[i] = mix(i);
  std::printf("lt %d %ld\n", n, hash_and_clear(n));
  [[sprig::parallel_for]] for (int i = 0; i <= n - 1; i++) slots[i] = mix(i + 1);
  std::printf("le %ld\n", hash_and_clear(n));
  [[sprig::parallel_for]] for (long i = nl - 1; i >= 0; --i) slots[i] = mix(3 * i);
  std::printf("ge %ld\n", hash_and_clear(n));
  [[sprig::parallel_for]] for (long i = nl; i > 0; i--) slots[i - 1] = mix(i);
  std::printf("gt %ld\n", hash_and_clear(n));
  [[sprig::parallel_for]] for (int i = 0; i != n; ++i) slots[i] = mix(i ^ 5);
  std::printf("ne %ld\n", hash_and_clear(n));
  [[sprig::parallel_for]] for (int i = n; i != 0; --i) slots[i - 1] = mix(i ^ 9);
  std::printf("ne-down %ld\n", hash_and_clear(n));
  [[sprig::parallel_for]] for (int i = 0; n > i; ++i) slots[i] = mix(i + 7);
  std::printf("bound-left %ld\n", hash_and_clear(n));
  [[sprig::parallel_for]] for (int i = 3; i <= 3999; i += 4) slots[i] = mix(i);
  std::printf("step4 %ld\n", hash_and_clear(4000));
  [[sprig::parallel_for]] for (int i = 3998; i > -7; i -= 3) slots[i + 6] = mix(i);
  std::printf("step-3 %ld\n", hash_and_clear(4010));
  int s = 3;
  [[sprig::parallel_for]] for (int i = 0; i != 3 * 700; i += s) slots[i] = mix(i);
  std::printf("ne-step %ld\n", hash_and_clear(2100));
  [[sprig::parallel_for]] for (unsigned u = n; u > 0; u--) slots[u - 1] = mix(u);
  std::printf("unsigned-down %ld\n", hash_and_clear(n));
  [[sprig::parallel_for]] for (unsigned char c = 0; c < 200; ++c) slots[c] = mix(c);
  std::printf("uchar %ld\n", hash_and_clear(200));
  [[sprig::parallel_for]] for (short h = -50; h < 50; h += 7) slots[h + 50] = mix(h);
  std::printf("short %ld\n", hash_and_clear(100));
  [[sprig::parallel_for]] for (int i = 0; i < nl * 2; ++i) slots[i] = mix(i);  // long bound
  std::printf("wide-bound %ld\n", hash_and_clear(2 * n));
  [[sprig::parallel_for]] for (unsigned long long u = 5; u < 905; u += 9) slots[u] = mix((long)u);
  std::printf("ull %ld\n", hash_and_clear(905));

  // The top and bottom of the type: no overflow in the trip count.
  [[sprig::parallel_for]] for (int i = INT_MAX - 10; i <= INT_MAX - 1; ++i) slots[INT_MAX - i] = 1;
  [[sprig::parallel_for]] for (int i = INT_MIN; i < INT_MIN + 20; i++) slots[100 + i - INT_MIN] = 1;
  [[sprig::parallel_for]] for (unsigned long u = ULONG_MAX - 5; u != 0; ++u) slots[200 + ULONG_MAX - u] = 1;
  long top = 0, bottom = 0, wrap = 0;
  for (int i = 0; i < 100; ++i) top += slots[i];
  for (int i = 100; i < 200; ++i) bottom += slots[i];
  for (int i = 200; i < 300; ++i) wrap += slots[i];
  hash_and_clear(300);
  std::printf("top %ld bottom %ld ulong-wrap %ld\n", top, bottom, wrap);

  // Zero- and one-trip loops.
  int z1 = 0, z2 = 0, z3 = 0, o1 = 0, o2 = 0;
  [[sprig::parallel_for]] for (int i = 0; i < 0; ++i) z1 = 1;
  [[sprig::parallel_for]] for (int i = 5; i > 9; --i) z2 = 1;
  [[sprig::parallel_for]] for (unsigned u = 0; u > 0; u--) z3 = 1;
  [[sprig::parallel_for]] for (int i = 7; i < 8; ++i) o1 = i - 6;
  [[sprig::parallel_for]] for (long i = -3; i >= -3; i -= 10) o2 = 1;
  std::printf("zero %d %d %d one %d %d\n", z1, z2, z3, o1, o2);

  // Grain sizes: 1, larger than the loop, an expression and a variable.
  int g = 3;
  [[sprig::parallel_for]] [[sprig::grainsize(1)]] for (int i = 0; i < n; ++i) slots[i] = mix(i);
  std::printf("grain1 %ld\n", hash_and_clear(n));
  [[sprig::parallel_for]] [[sprig::grainsize(100000)]] for (int i = 0; i < n; ++i) slots[i] = mix(i);
  std::printf("grain-big %ld\n", hash_and_clear(n));
  [[sprig::parallel_for]] [[sprig::grainsize(g * 5 + 1)]] for (int i = 0; i < n; ++i) slots[i] = mix(i);
  std::printf("grain-expr %ld\n", hash_and_clear(n));
  [[sprig::grainsize(g)]] [[sprig::parallel_for]] for (int i = 0; i < n; ++i) slots[i] = mix(i);
  std::printf("grain-var %ld\n", hash_and_clear(n));
  (void)trips;
  std::printf("done\n");
}
