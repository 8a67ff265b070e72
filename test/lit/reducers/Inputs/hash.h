// FNV-1a of a string: the order-sensitive results of the reducer tests, in one number.
#pragma once
#include <string>

static inline unsigned long hash(const std::string &s) {
  unsigned long h = 1469598103934665603ul;
  for (char c : s)
    h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ul;
  return h;
}
