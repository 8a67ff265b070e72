// cilk_spawn of something that is not a call, of a call inside a larger expression, or
// inside another expression (an argument, a condition, a for header, an operand of ?:,
// a chained assignment, a second declarator) stays and is reported; the other spawns
// convert; exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-spawn-expression.cpp:[[@LINE+15]]: cilk_spawn of an expression that is not a call: Sprig spawns calls only
// ERR-NEXT: leftover-spawn-expression.cpp:[[@LINE+15]]: cilk_spawn of a call inside a larger expression: Sprig spawns the call alone
// ERR-NEXT: leftover-spawn-expression.cpp:[[@LINE+15]]: cilk_spawn inside an expression (an argument, a condition, a for header, an operand of ?:): Sprig spawns whole statements
// ERR-NEXT: leftover-spawn-expression.cpp:[[@LINE+15]]: cilk_spawn inside an expression (an argument, a condition, a for header, an operand of ?:)
// ERR-NEXT: leftover-spawn-expression.cpp:[[@LINE+15]]: cilk_spawn inside an expression: Sprig spawns only f(args);, x = f(args);, x op= f(args); and T x = f(args);
// ERR-NEXT: leftover-spawn-expression.cpp:[[@LINE+15]]: cilk_spawn inside an expression: Sprig spawns only
// ERR-NEXT: leftover-spawn-expression.cpp:[[@LINE+15]]: cilk_spawn inside an expression (an argument, a condition, a for header, an operand of ?:)
// ERR-NEXT: leftover-spawn-expression.cpp:[[@LINE+15]]: cilk_spawn inside an expression: Sprig spawns only
// ERR-NOT: leftover-spawn-expression.cpp
// OUT: {{^}}  x = cilk_spawn y + 1;{{$}}
// OUT: {{^}}  {{\[\[}}sprig::spawn]] y = f(x);{{$}}
long f(long = 0);
void h(long);
void g() {
  long x, y = 1;
  x = cilk_spawn y + 1;
  x = cilk_spawn f() + 1;
  h(cilk_spawn f());
  if (cilk_spawn f()) {}
  x = y = cilk_spawn f();
  long a = 1, b = cilk_spawn f();
  x = y > 0 ? y : cilk_spawn f();
  x = y > 0 ? cilk_spawn f() : y;
  y = cilk_spawn f(x);
  cilk_sync;
}
