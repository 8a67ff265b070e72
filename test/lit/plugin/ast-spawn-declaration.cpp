// `T y = g(n)` spawned: the begin marker goes into the initializer by a comma, the end
// marker is an extra declarator (y keeps its scope and lifetime).
// RUN: %clangxx -fsyntax-only -fplugin=%plugin -I%sprig_inc -Xclang -ast-dump -Xclang -ast-dump-filter=f %s | FileCheck %s
int g(int);
int f(int n) {
  [[sprig::spawn]] int y = g(n);
  return y;
}
// CHECK-LABEL: FunctionDecl {{.*}} f 'int (int)'
// CHECK: DeclStmt
// CHECK-NEXT: VarDecl {{.*}} y 'int' cinit
// CHECK-NEXT: BinaryOperator {{.*}} 'int' ','
// CHECK: DeclRefExpr {{.*}} '__sprig_spawn_begin'
// CHECK: DeclRefExpr {{.*}} '__sprig_tag_0'
// CHECK: VarDecl {{.*}} implicit __sprig_spawn_end_var 'int' cinit
// CHECK: DeclRefExpr {{.*}} '__sprig_spawn_end_v'
// The implicit sync before the return.
// CHECK: CompoundStmt
// CHECK-NEXT: CallExpr {{.*}} 'void'
// CHECK: DeclRefExpr {{.*}} '__sprig_sync'
// CHECK: ReturnStmt
