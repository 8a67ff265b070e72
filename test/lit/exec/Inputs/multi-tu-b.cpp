// Third translation unit of multi-tu.cpp.
#include "pfib.h"
#include "multi-tu.h"

long tu_b_tree(int depth) {
  if (depth == 0)
    return 1;
  [[sprig::spawn]] long l = tu_b_tree(depth - 1);
  long r = Counter{}.count_leaves(depth - 1);
  [[sprig::sync]];
  return l + r;
}
