#ifndef SPRIG_TEST_MULTI_TU_H
#define SPRIG_TEST_MULTI_TU_H
long tu_a_sum(int n);
long tu_b_tree(int depth);
#endif
