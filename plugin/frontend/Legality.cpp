//===- plugin/frontend/Legality.cpp - every check of how the attributes are used ===//
#include "Legality.h"
#include "Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/Diagnostic.h"
#include <algorithm>

using namespace clang;

namespace sprig {

// A builtin the compiler expands itself (`__builtin_*`, std::move and the like), which
// has no address to call through. C library functions that Clang also knows as builtins
// (memcpy, strlen, sqrt, snprintf) are ordinary calls, and spawnable.
bool isCompilerBuiltin(const CallExpr *C) {
  unsigned ID = C->getBuiltinCallee();
  if (!ID)
    return false;
  const FunctionDecl *FD = C->getDirectCallee();
  return !FD || FD->isImplicit() ||
         !FD->getASTContext().BuiltinInfo.isDirectlyAddressable(ID);
}

static Expr *strip(Expr *E) {
  while (E) {
    Expr *Before = E;
    if (auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (auto *P = dyn_cast<ParenExpr>(E))
      E = P->getSubExpr();
    else if (auto *I = dyn_cast<ImplicitCastExpr>(E))
      E = I->getSubExpr();
    else if (auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (auto *K = dyn_cast<ConstantExpr>(E))
      E = K->getSubExpr();
    else if (auto *IL = dyn_cast<InitListExpr>(E); IL && IL->getNumInits() == 1)
      E = IL->getInit(
          0);  // T x{f(args)}: a scalar, a class from its own type, an aggregate
    else if (auto *X = dyn_cast<ExplicitCastExpr>(E); X && X->getCastKind() != CK_ToVoid)
      E = X->getSubExpr();  // (long)f(), static_cast<T>(f()), T(f()): converts in the child
    else if (auto *U = dyn_cast<CXXUnresolvedConstructExpr>(E);
             U && U->getNumArgs() == 1 && !U->isListInitialization())
      E = U->getArg(0);  // T(f()) in a template pattern (the argument is dependent)
    else if (auto *PL = dyn_cast<ParenListExpr>(E); PL && PL->getNumExprs() == 1)
      E = PL->getExpr(0);  // T x(f()) in a template pattern
    else if (auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && !isa<CXXTemporaryObjectExpr>(CE) && CE->getNumArgs() >= 1 &&
             std::all_of(CE->arg_begin() + 1, CE->arg_end(),
                         [](Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
      E = CE->getArg(0);  // converting (std::string from const char *, defaulted allocator
                          // and all) or eliding construction of the result, '=' or braces
    if (E == Before)
      break;
  }
  return E;
}

CallExpr *spawnedCall(Expr *E) {
  auto *C = dyn_cast_or_null<CallExpr>(strip(E));
  if (!C || isa<CUDAKernelCallExpr>(C) || isa<UserDefinedLiteral>(C))
    return nullptr;
  if (isCompilerBuiltin(C))
    return nullptr;
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(C))
    if (Op->isAssignmentOp())
      return nullptr;  // an assignment is the Assign form, not a call
  return C;
}

static std::optional<SpawnForm> notACall(DiagnosticsEngine &D, SourceLocation Loc,
                                         llvm::StringRef What) {
  report(D, Loc, Diag::SpawnNotACall) << What;
  return std::nullopt;
}

std::optional<SpawnForm> classifySpawnStmt(Stmt *Sub, SourceLocation AttrLoc,
                                           DiagnosticsEngine &D) {
  if (isa<ReturnStmt>(Sub))
    return notACall(D, AttrLoc,
                    "a return statement (write '[[sprig::spawn]] r = "
                    "f(args); [[sprig::sync]]; return r;')");
  if (isa<CompoundStmt>(Sub))
    return notACall(D, AttrLoc,
                    reportsOnC(D) ? "a block (to run a block in parallel, make it a "
                                    "function and spawn a call of it)"
                                  : "a block (to run a block in parallel, spawn a lambda: "
                                    "'[[sprig::spawn]] [&] { ... }();')");
  if (isa<NullStmt>(Sub))
    return notACall(D, AttrLoc, "an empty statement (did you mean '[[sprig::sync]];'?)");
  auto *E = dyn_cast<Expr>(Sub);
  if (!E) {
    const char *What = "this statement";
    if (isa<IfStmt>(Sub))
      What = "an 'if' statement";
    else if (isa<ForStmt>(Sub) || isa<CXXForRangeStmt>(Sub))
      What = "a 'for' loop (spawn the call in its body instead)";
    else if (isa<WhileStmt>(Sub))
      What = "a 'while' loop (spawn the call in its body instead)";
    else if (isa<DoStmt>(Sub))
      What = "a 'do' loop (spawn the call in its body instead)";
    else if (isa<SwitchStmt>(Sub))
      What = "a 'switch' statement";
    else if (isa<CXXTryStmt>(Sub))
      What = "a 'try' block";
    else if (isa<DeclStmt>(Sub))
      What = "this declaration";
    else if (isa<GotoStmt>(Sub) || isa<BreakStmt>(Sub) || isa<ContinueStmt>(Sub))
      What = "a jump";
    return notACall(D, AttrLoc, What);
  }
  Expr *S = strip(E);
  // (void)f(args): the idiom for discarding a [[nodiscard]] result is a call statement.
  if (auto *VC = dyn_cast<ExplicitCastExpr>(S); VC && VC->getCastKind() == CK_ToVoid)
    if (CallExpr *C = spawnedCall(VC->getSubExpr()))
      return SpawnForm{SpawnForm::Call, Sub, C, nullptr};
  // Assignment: builtin or overloaded operator=.
  Expr *RHS = nullptr;
  if (auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isCompoundAssignmentOp())
      return notACall(D, AttrLoc,
                      "a compound assignment (write '[[sprig::spawn]] t = "
                      "f(args);' and combine after '[[sprig::sync]];')");
    if (BO->getOpcode() == BO_Assign)
      RHS = BO->getRHS();
  } else if (auto *Op = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
      RHS = Op->getArg(1);
    else if (Op->isAssignmentOp())
      return notACall(D, AttrLoc,
                      "a compound assignment (write '[[sprig::spawn]] t = "
                      "f(args);' and combine after '[[sprig::sync]];')");
  }
  if (RHS) {
    CallExpr *C = spawnedCall(RHS);
    if (auto *B = dyn_cast_or_null<CallExpr>(strip(RHS)); !C && B && isCompilerBuiltin(B))
      return notACall(D, AttrLoc, "a call of a compiler builtin");
    if (!C)
      return notACall(D, AttrLoc,
                      "an assignment whose right-hand side is not a function "
                      "call");
    return SpawnForm{SpawnForm::Assign, Sub, C, nullptr};
  }
  if (CallExpr *C = spawnedCall(S))
    return SpawnForm{SpawnForm::Call, Sub, C, nullptr};
  if (auto *C = dyn_cast<CallExpr>(S); C && isCompilerBuiltin(C))
    return notACall(D, AttrLoc, "a call of a compiler builtin");
  return notACall(D, AttrLoc, "this expression");
}

std::optional<SpawnForm> classifySpawnDecl(VarDecl *V, DeclStmt *DS, SourceLocation AttrLoc,
                                           DiagnosticsEngine &D) {
  if (!V->isLocalVarDecl() || V->isStaticLocal() || V->getTLSKind() != VarDecl::TLS_None) {
    report(D, AttrLoc, Diag::SpawnDeclNotAutomatic);
    return std::nullopt;
  }
  if (isa<DecompositionDecl>(V)) {
    report(D, AttrLoc, Diag::SpawnStructuredBinding);
    return std::nullopt;
  }
  if (DS && !DS->isSingleDecl()) {
    report(D, AttrLoc, Diag::SpawnTwoDeclarators);
    return std::nullopt;
  }
  if (!V->hasInit()) {
    report(D, AttrLoc, Diag::SpawnDeclNoInit);
    return std::nullopt;
  }
  CallExpr *C = spawnedCall(V->getInit());
  if (!C) {
    report(D, AttrLoc, Diag::SpawnDeclNotACall);
    return std::nullopt;
  }
  return SpawnForm{SpawnForm::Decl, DS, C, V};
}

bool checkUseContext(DiagnosticsEngine &D, SourceLocation AttrLoc, bool IsSync,
                     bool InCoroutine, bool InStmtExpr, bool InCatch) {
  const char *Attr = IsSync ? "sprig::sync" : "sprig::spawn";
  if (InCoroutine) {
    report(D, AttrLoc, Diag::InCoroutine) << Attr;
    return false;
  }
  if (InStmtExpr) {
    report(D, AttrLoc, Diag::InStatementExpression) << Attr;
    return false;
  }
  if (InCatch && !IsSync) {
    report(D, AttrLoc, Diag::SpawnInCatch);
    return false;
  }
  return true;
}

TagSite tagSite(CallExpr *CE) {
  if (auto *BO = dyn_cast<BinaryOperator>(CE->getCallee()->IgnoreParens());
      BO && BO->isPtrMemOp())
    return TagSite::PtrMemObject;  // (obj.*pmf)(args), (p->*pmf)(args)
  if (auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    return isa<MemberExpr>(MC->getCallee()->IgnoreParens()) ? TagSite::MemberBase
                                                            : TagSite::None;
  if (auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
    if (auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
        MD && MD->isImplicitObjectMemberFunction())
      return TagSite::OperatorObject;
  QualType T = CE->getCallee()->getType();
  if (!T->isPointerType() && !T->isBlockPointerType())
    return TagSite::None;
  return TagSite::Callee;
}

Expr *assignment(const SpawnForm &F) {
  if (F.kind != SpawnForm::Assign)
    return nullptr;
  Expr *E = cast<Expr>(F.stmt);  // the statement under the attribute
  while (true) {                 // the assignment under ExprWithCleanups / parens
    if (auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    else if (auto *P = dyn_cast<ParenExpr>(E))
      E = P->getSubExpr();
    else
      break;
  }
  return E;
}

Expr *assignmentTarget(const SpawnForm &F) {
  Expr *E = assignment(F);
  if (auto *BO = dyn_cast_or_null<BinaryOperator>(E))
    return BO->getLHS();
  if (auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(E))
    return OC->getArg(0);
  return nullptr;
}

bool checkSpawnForm(DiagnosticsEngine &D, const SpawnForm &F) {
  if (Expr *Target = assignmentTarget(F); Target && Target->refersToBitField()) {
    report(D, Target->getExprLoc(), Diag::SpawnToBitField);
    return false;
  }
  // (A vector element has no address of its own, which the target's bracket takes.)
  if (Expr *Target = assignmentTarget(F);
      Target && (Target->refersToVectorElement() || Target->refersToMatrixElement())) {
    report(D, Target->getExprLoc(), Diag::SpawnToVectorElement);
    return false;
  }
  if (tagSite(F.call) == TagSite::None) {
    report(D, F.call->getExprLoc(), Diag::SpawnCallShape);
    return false;
  }
  return true;
}

}  // namespace sprig
