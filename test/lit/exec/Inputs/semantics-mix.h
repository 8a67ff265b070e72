// A small program exercising several spawn forms, shared by the build-mode tests
// (optimisation levels, -g, LTO): assignment, declaration, statement forms; a
// by-value std::string argument; a member call; recursion; a loop of spawns.
#include <cstdio>
#include <string>

inline long mix_fib(int n) {
  if (n < 2)
    return n;
  long a;
  [[sprig::spawn]] a = mix_fib(n - 1);
  [[sprig::spawn]] long b = mix_fib(n - 2);
  [[sprig::sync]];
  return a + b;
}

inline void mix_len(std::string s, long *out) { *out = (long)s.size() + mix_fib(18); }

struct MixAcc {
  long base;
  long add(int n) const { return base + mix_fib(n); }
};

inline int mix_main() {
  long f = 0, lens[8];
  MixAcc acc{1000};
  long m;
  std::string s = "sprig";
  for (int i = 0; i < 8; ++i) {
    [[sprig::spawn]] mix_len(s, &lens[i]);
    s += s;  // the continuation grows the string the child copied
  }
  [[sprig::spawn]] f = mix_fib(25);
  [[sprig::spawn]] m = acc.add(24);
  [[sprig::sync]];
  long lsum = 0;
  for (long l : lens)
    lsum += l;
  std::printf("fib=%ld lens=%ld acc=%ld\n", f, lsum, m);
  return 0;
}
