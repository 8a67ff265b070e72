// exec/dprand-weak.cpp: a template spawning function instantiated explicitly in one file
// (weak_odr there), declared `extern template` elsewhere, and a weak spawning function.
#pragma once
#include <cstdint>
template <class T> T tsum(T n) {
  if (n < 2)
    return n + (T)(sprig::dprand() & 1);
  T a, b;
  [[sprig::spawn]] a = tsum<T>(n - 1);
  b = tsum<T>(n - 2);
  [[sprig::sync]];
  return a + b;
}
extern template long tsum<long>(long);
__attribute__((weak)) long wsum(long n);
