// Cilk Plus's C reducer macros stay and are reported: Sprig has no C reducer header yet.
// Exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// ERR: leftover-c-reducers.cpp:[[@LINE+8]]: CILK_C_REDUCER_OPADD: a Cilk Plus C reducer macro; Sprig has no C reducer header yet: in C++ use sprig::reducer<sprig::op_...<T>> or {{\[\[}}sprig::reducer(identity, reduce)]] T x
// ERR-NEXT: leftover-c-reducers.cpp:[[@LINE+10]]: CILK_C_REGISTER_REDUCER: a Cilk Plus C reducer macro
// ERR-NEXT: leftover-c-reducers.cpp:[[@LINE+11]]: REDUCER_VIEW: a Cilk Plus C reducer macro
// ERR-NEXT: leftover-c-reducers.cpp:[[@LINE+11]]: CILK_C_UNREGISTER_REDUCER: a Cilk Plus C reducer macro
// ERR-NOT: leftover-c-reducers.cpp
#include <cilk/cilk.h>
#include <cilk/reducer_opadd.h>

CILK_C_REDUCER_OPADD(sum, int, 0);

int main(void) {
  CILK_C_REGISTER_REDUCER(sum);
  cilk_for (int i = 0; i < 10; ++i)
    REDUCER_VIEW(sum) += i;
  CILK_C_UNREGISTER_REDUCER(sum);
  return sum.value;
}
