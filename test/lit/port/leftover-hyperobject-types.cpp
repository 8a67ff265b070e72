// Hyperobject (holder) types stay and are reported: cilk_reducer in a typedef, an alias
// or a pointer, OpenCilk's cilk::opadd_reducer<T> and cilk::holder<T>; Sprig's reducer
// attribute goes on a variable only. Exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-hyperobject-types.cpp:[[@LINE+11]]: a hyperobject type (cilk_reducer in a typedef, alias, pointer, parameter or template argument): Sprig's {{\[\[}}sprig::reducer(I, R)]] goes on a variable only
// ERR-NEXT: leftover-hyperobject-types.cpp:[[@LINE+11]]: a hyperobject type (cilk_reducer
// ERR-NEXT: leftover-hyperobject-types.cpp:[[@LINE+11]]: a hyperobject type (cilk_reducer
// ERR-NEXT: leftover-hyperobject-types.cpp:[[@LINE+11]]: cilk::opadd_reducer is a hyperobject (holder) type Sprig does not have: declare the variable {{\[\[}}sprig::reducer(identity, reduce)]] T x
// ERR-NEXT: leftover-hyperobject-types.cpp:[[@LINE+11]]: cilk::holder is a hyperobject (holder) type Sprig does not have
// ERR-NOT: leftover-hyperobject-types.cpp
// OUT: {{^}}typedef long cilk_reducer(zero, plus) sum_t;{{$}}
// OUT: {{^}}{{\[\[}}sprig::reducer(zero, plus)]] long ok = 0;{{$}}
#include <cilk/cilk.h>
void zero(void *);
void plus(void *, void *);
typedef long cilk_reducer(zero, plus) sum_t;
template <class T> using red = T cilk_reducer(zero, plus);
void f(long cilk_reducer(zero, plus) *p);
cilk::opadd_reducer<long> total;
cilk::holder<int> h;
long cilk_reducer(zero, plus) ok = 0;
