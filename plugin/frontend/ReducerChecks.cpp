//===- plugin/frontend/ReducerChecks.cpp - reducer variables in the frontend ===//
#include "ReducerChecks.h"
#include "Annotations.h"
#include "MarkerCalls.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace sprig {

static bool isReducerVar(const ValueDecl *D) {
  auto *V = dyn_cast_or_null<VarDecl>(D);
  return V && llvm::any_of(V->specific_attrs<AnnotateAttr>(), [](AnnotateAttr *A) {
           return A->getAnnotation() == kReducerAnnotation;
         });
}

// A reducer variable named in E other than to read its value: its address (the
// current strand's view) is taken, or a reference bound to it. Null if none.
static DeclRefExpr *reducerByReference(Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  if (auto *IC = dyn_cast<ImplicitCastExpr>(E);
      IC && IC->getCastKind() == CK_LValueToRValue)
    return nullptr;  // read by value
  if (auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && isReducerVar(DRE->getDecl()))
    return DRE;
  for (Stmt *Ch : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Ch))
      if (DeclRefExpr *R = reducerByReference(CE))
        return R;
  return nullptr;
}

bool checkReducerUses(FunctionDecl *FD, CheckOnce &Once, DiagnosticsEngine &D) {
  struct Finder : RecursiveASTVisitor<Finder> {
    CheckOnce &Once;
    DiagnosticsEngine &D;
    bool OK = true;
    Finder(CheckOnce &Once, DiagnosticsEngine &D) : Once(Once), D(D) {}
    bool VisitLambdaExpr(LambdaExpr *LE) {
      for (const LambdaCapture &Cap : LE->captures())
        if (Cap.capturesVariable() && Cap.getCaptureKind() == LCK_ByRef &&
            isReducerVar(Cap.getCapturedVar())) {
          SourceLocation L = Cap.getLocation();
          std::string Name = Cap.getCapturedVar()->getNameAsString();
          OK &= Once(L, CheckOnce::ReducerCapture, [&] {
            report(D, L, Diag::ReducerCapturedByReference) << Name;
            return false;
          });
        }
      return true;
    }
  } F(Once, D);
  F.TraverseStmt(FD->getBody());
  return F.OK;
}

bool checkSpawnedReducerArgs(CallExpr *Call, CheckOnce &Once, DiagnosticsEngine &D) {
  llvm::SmallVector<Expr *, 8> Es(Call->arguments());
  // (An operator call's object is its argument 0, among the arguments.)
  if (auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    Es.push_back(MC->getImplicitObjectArgument());
  for (Expr *E : Es)
    if (DeclRefExpr *R = reducerByReference(E)) {
      SourceLocation L = R->getLocation();
      std::string Name = R->getDecl()->getNameAsString();
      return Once(L, CheckOnce::ReducerArgument, [&] {
        report(D, L, Diag::ReducerInSpawnArgument) << Name;
        return false;
      });
    }
  return true;
}

void guardLocalReducers(FunctionDecl *FD, MarkerCalls &Markers) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallVector<DeclStmt *, 4> Found;
    bool VisitDeclStmt(DeclStmt *DS) {
      for (Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D); V && V->isLocalVarDecl())
          for (auto *A : V->specific_attrs<AnnotateAttr>())
            if (A->getAnnotation() == kReducerAnnotation) {
              Found.push_back(DS);
              return true;
            }
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }  // its own function
  } F;
  F.TraverseStmt(FD->getBody());
  ASTContext &C = FD->getASTContext();
  for (DeclStmt *DS : F.Found) {
    llvm::SmallVector<Decl *, 4> Decls;
    for (Decl *D : DS->decls()) {
      Decls.push_back(D);
      auto *V = dyn_cast<VarDecl>(D);
      if (!V || !llvm::any_of(V->specific_attrs<AnnotateAttr>(), [](AnnotateAttr *A) {
            return A->getAnnotation() == kReducerAnnotation;
          }))
        continue;
      SourceLocation L = V->getLocation();
      auto *Ref = DeclRefExpr::Create(C, NestedNameSpecifierLoc(), SourceLocation(), V,
                                      false, L, V->getType(), VK_LValue);
      auto *Addr =
          UnaryOperator::Create(C, Ref, UO_AddrOf, C.getPointerType(V->getType()),
                                VK_PRValue, OK_Ordinary, L, false, FPOptionsOverride());
      auto *AsVoid = ImplicitCastExpr::Create(C, C.VoidPtrTy, CK_BitCast, Addr, nullptr,
                                              VK_PRValue, FPOptionsOverride());
      auto *G = VarDecl::Create(C, V->getDeclContext(), L, L,
                                &C.Idents.get("__sprig_reducer_scope"), C.VoidPtrTy,
                                C.getTrivialTypeSourceInfo(C.VoidPtrTy), SC_None);
      G->setInit(AsVoid);
      G->setImplicit();
      G->addAttr(CleanupAttr::CreateImplicit(C, Markers.reducerScopeEnd()));
      Decls.push_back(G);
    }
    DS->setDeclGroup(DeclGroupRef(DeclGroup::Create(C, Decls.data(), Decls.size())));
  }
}

}  // namespace sprig
