// A function that never spawns: its syncs wait for nothing and become empty statements;
// no marker is created.
// RUN: %clangxx -fsyntax-only -fplugin=%plugin -I%sprig_inc -Xclang -ast-dump -Xclang -ast-dump-filter=f %s | FileCheck %s
void w(int);
void f(int n) {
  w(n);
  [[sprig::sync]];
}
// CHECK-LABEL: FunctionDecl {{.*}} f 'void (int)'
// CHECK: CallExpr
// CHECK: NullStmt
// CHECK-NOT: __sprig
