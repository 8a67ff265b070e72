// Inline spawning functions in a header, included by several tests and translation
// units (each TU emits its own copy; the linker keeps one), and by the tests that just
// need some parallel work (pfib).
#ifndef SPRIG_TEST_PFIB_H
#define SPRIG_TEST_PFIB_H

inline long pfib(int n) {
  if (n < 2)
    return n;
  long a, b;
  [[sprig::spawn]] a = pfib(n - 1);
  b = pfib(n - 2);
  [[sprig::sync]];
  return a + b;
}

template <class T> inline T psum(const T *a, long n) {
  if (n <= 1000) {
    T s = 0;
    for (long i = 0; i < n; ++i)
      s += a[i];
    return s;
  }
  [[sprig::spawn]] T l = psum(a, n / 2);
  T r = psum(a + n / 2, n - n / 2);
  [[sprig::sync]];
  return l + r;
}

struct Counter {
  long count_leaves(int depth) const {
    if (depth == 0)
      return 1;
    long l, r;
    [[sprig::spawn]] l = count_leaves(depth - 1);
    r = count_leaves(depth - 1);
    [[sprig::sync]];
    return l + r;
  }
};

#endif
