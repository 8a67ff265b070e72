// The rewrite of a spawned call statement: { __sprig_spawn_begin(N); S'; __sprig_spawn_end(N); }
// with the callee tagged (__sprig_tag_K), and the implicit sync at the end of the body.
// RUN: %clangxx -fsyntax-only -fplugin=%plugin -I%sprig_inc -Xclang -ast-dump -Xclang -ast-dump-filter=f %s | FileCheck %s
void w(int);
void f(int n) {
  [[sprig::spawn]] w(n);
  w(n + 1);
}
// CHECK-LABEL: FunctionDecl {{.*}} f 'void (int)'
// CHECK: CompoundStmt
// CHECK-NEXT: CompoundStmt
// CHECK-NEXT: CallExpr {{.*}} 'void'
// CHECK: DeclRefExpr {{.*}} Function {{.*}} '__sprig_spawn_begin'
// CHECK-NEXT: IntegerLiteral {{.*}} 'int' 0
// CHECK-NEXT: CallExpr {{.*}} 'void'
// CHECK-NEXT: CallExpr {{.*}} 'void (*)(int)'
// CHECK: DeclRefExpr {{.*}} Function {{.*}} '__sprig_tag_0'
// CHECK: DeclRefExpr {{.*}} Function {{.*}} 'w' 'void (int)'
// CHECK: DeclRefExpr {{.*}} Function {{.*}} '__sprig_spawn_end'
// CHECK-NEXT: IntegerLiteral {{.*}} 'int' 0
// CHECK: DeclRefExpr {{.*}} Function {{.*}} 'w' 'void (int)'
// CHECK: DeclRefExpr {{.*}} Function {{.*}} '__sprig_sync'
