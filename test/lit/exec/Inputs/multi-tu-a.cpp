// Second translation unit of multi-tu.cpp: spawns, and uses the header's inline
// spawning functions too.
#include "pfib.h"
#include "multi-tu.h"

long tu_a_sum(int n) {
  long a, b;
  [[sprig::spawn]] a = pfib(n);
  [[sprig::spawn]] b = tu_b_tree(18);
  [[sprig::sync]];
  return a + b;
}
