// `x = g(n)` spawned: the target is bracketed __sprig_lhs_N((__sprig_lhs_begin(), x)) so
// the lowering can evaluate it before the detach; the callee is tagged.
// RUN: %clangxx -fsyntax-only -fplugin=%plugin -I%sprig_inc -Xclang -ast-dump -Xclang -ast-dump-filter=f %s | FileCheck %s
int g(int);
void f(int n) {
  int x;
  [[sprig::spawn]] x = g(n);
  [[sprig::sync]];
}
// CHECK-LABEL: FunctionDecl {{.*}} f 'void (int)'
// CHECK: DeclRefExpr {{.*}} '__sprig_spawn_begin'
// CHECK: BinaryOperator {{.*}} 'int' lvalue '='
// CHECK-NEXT: CallExpr {{.*}} 'int' lvalue
// CHECK: DeclRefExpr {{.*}} '__sprig_lhs_0'
// CHECK-NEXT: BinaryOperator {{.*}} ','
// CHECK: DeclRefExpr {{.*}} '__sprig_lhs_begin'
// CHECK-NEXT: DeclRefExpr {{.*}} Var {{.*}} 'x' 'int'
// CHECK-NEXT: CallExpr {{.*}} 'int'
// CHECK: DeclRefExpr {{.*}} '__sprig_tag_0'
// CHECK: DeclRefExpr {{.*}} '__sprig_spawn_end'
// CHECK: DeclRefExpr {{.*}} '__sprig_sync'
