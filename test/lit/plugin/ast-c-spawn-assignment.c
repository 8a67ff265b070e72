// In C the target of a spawned `x = g(n)` is bracketed through its address,
// *__sprig_lhs_N((__sprig_lhs_begin(), &x)) (C has no references, and its comma yields
// no lvalue); the marker functions are plain declarations of the translation unit.
// RUN: %clangc -fsyntax-only -fplugin=%plugin -I%sprig_inc -Xclang -ast-dump -Xclang -ast-dump-filter=f %s | FileCheck %s
int g(int);
void f(int n) {
  int x;
  [[sprig::spawn]] x = g(n);
  [[sprig::sync]];
}
// CHECK-LABEL: FunctionDecl {{.*}} f 'void (int)'
// CHECK: DeclRefExpr {{.*}} '__sprig_spawn_begin'
// CHECK: BinaryOperator {{.*}} 'int' '='
// CHECK-NEXT: UnaryOperator {{.*}} 'int' lvalue prefix '*'
// CHECK-NEXT: CallExpr {{.*}} 'int *'
// CHECK: DeclRefExpr {{.*}} '__sprig_lhs_0' 'int *(int *)'
// CHECK-NEXT: BinaryOperator {{.*}} 'int *' ','
// CHECK: DeclRefExpr {{.*}} '__sprig_lhs_begin'
// CHECK-NEXT: UnaryOperator {{.*}} 'int *' prefix '&'
// CHECK-NEXT: DeclRefExpr {{.*}} Var {{.*}} 'x' 'int'
// CHECK-NEXT: CallExpr {{.*}} 'int'
// CHECK: DeclRefExpr {{.*}} '__sprig_tag_0'
// CHECK: DeclRefExpr {{.*}} '__sprig_spawn_end'
// CHECK: DeclRefExpr {{.*}} '__sprig_sync'
