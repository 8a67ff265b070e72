// A member call is tagged on its object (the callee is not a pointer).
// RUN: %clangxx -fsyntax-only -fplugin=%plugin -I%sprig_inc -Xclang -ast-dump -Xclang -ast-dump-filter=f %s | FileCheck %s
struct S {
  void m(int);
};
void f(S &s) {
  [[sprig::spawn]] s.m(1);
}
// CHECK-LABEL: FunctionDecl {{.*}} f 'void (S &)'
// CHECK: CXXMemberCallExpr
// CHECK-NEXT: MemberExpr {{.*}} .m
// CHECK-NEXT: CallExpr {{.*}} 'S' lvalue
// CHECK: DeclRefExpr {{.*}} '__sprig_tag_0'
// CHECK: DeclRefExpr {{.*}} ParmVar {{.*}} 's'
