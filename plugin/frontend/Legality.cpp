//===- plugin/frontend/Legality.cpp - every check of how the attributes are used ===//
#include "Legality.h"
#include "Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SmallPtrSet.h"
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
    return SpawnForm{SpawnForm::Block, Sub, nullptr, nullptr};
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
  // Assignment, simple or compound (+= -= *= /= %= <<= >>= &= |= ^=): builtin or an
  // overloaded operator. C++17 evaluates the right-hand side first in both; the update
  // `x op= result` runs in the child once the call returns, as in the serial program.
  Expr *RHS = nullptr;
  bool Compound = false;
  if (auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp()) {
      RHS = BO->getRHS();
      Compound = BO->isCompoundAssignmentOp();
    }
  } else if (auto *Op = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (Op->isAssignmentOp() && Op->getNumArgs() == 2) {
      RHS = Op->getArg(1);
      Compound = Op->getOperator() != OO_Equal;
    }
  }
  if (RHS) {
    CallExpr *C = spawnedCall(RHS);
    if (auto *B = dyn_cast_or_null<CallExpr>(strip(RHS)); !C && B && isCompilerBuiltin(B))
      return notACall(D, AttrLoc, "a call of a compiler builtin");
    if (!C)
      return notACall(D, AttrLoc,
                      Compound ? "a compound assignment whose right-hand side is not a "
                                 "function call"
                               : "an assignment whose right-hand side is not a function "
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

namespace {
// The walk of checkSpawnedBlock: loops and switches entered inside the block (a break or
// continue to them stays inside), the labels defined inside.
struct BlockChecker {
  explicit BlockChecker(DiagnosticsEngine &D) : D(D) {}
  DiagnosticsEngine &D;
  llvm::SmallPtrSet<const LabelDecl *, 8> Labels;
  int Loops = 0, Switches = 0;
  bool OK = true;

  void fail(SourceLocation L, Diag K, llvm::StringRef Arg = {}) {
    auto B = report(D, L, K);
    if (!Arg.empty())
      B << Arg;
    OK = false;
  }
  void collectLabels(const Stmt *S) {
    if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return;
    if (auto *LS = dyn_cast<LabelStmt>(S))
      Labels.insert(LS->getDecl());
    for (const Stmt *C : S->children())
      collectLabels(C);
  }
  static const AnnotateAttr *sprigAttr(const AttributedStmt *AS) {
    for (const Attr *A : AS->getAttrs())
      if (const auto *AA = dyn_cast<AnnotateAttr>(A))
        if (AA->getAnnotation().starts_with("sprig."))
          return AA;
    return nullptr;
  }
  void walk(const Stmt *S) {
    if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return;
    if (auto *AS = dyn_cast<AttributedStmt>(S)) {
      if (const AnnotateAttr *A = sprigAttr(AS)) {
        llvm::StringRef Name = A->getAnnotation().drop_front(6);  // "sprig."
        fail(A->getLocation(), Diag::SpawnedBlockNested, ("sprig::" + Name).str());
        return;
      }
    }
    if (auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *Dc : DS->decls())
        for (const auto *A : Dc->specific_attrs<AnnotateAttr>())
          if (A->getAnnotation() == "sprig.spawn")
            fail(A->getLocation(), Diag::SpawnedBlockNested, "sprig::spawn");
    if (auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *Dc : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(Dc); V && V->getType()->isVariableArrayType()) {
          report(D, V->getLocation(), Diag::SpawnedBlockAlloca) << 0;
          OK = false;
        }
    if (auto *CE = dyn_cast<CallExpr>(S)) {
      unsigned B = CE->getBuiltinCallee();
      if (B == Builtin::BI__builtin_alloca || B == Builtin::BIalloca ||
          B == Builtin::BI_alloca || B == Builtin::BI__builtin_alloca_uninitialized ||
          B == Builtin::BI__builtin_alloca_with_align ||
          B == Builtin::BI__builtin_alloca_with_align_uninitialized) {
        report(D, CE->getBeginLoc(), Diag::SpawnedBlockAlloca) << 1;
        OK = false;
      }
    }
    if (isa<SwitchCase>(S) && Switches == 0) {
      report(D, S->getBeginLoc(), Diag::SpawnedBlockJumpIn) << 1;
      OK = false;
    }
    if (isa<ReturnStmt>(S))
      fail(S->getBeginLoc(), Diag::SpawnedBlockReturn);
    else if (isa<BreakStmt>(S) && Loops == 0 && Switches == 0)
      fail(S->getBeginLoc(), Diag::SpawnedBlockJump, "break");
    else if (isa<ContinueStmt>(S) && Loops == 0)
      fail(S->getBeginLoc(), Diag::SpawnedBlockJump, "continue");
    else if (auto *G = dyn_cast<GotoStmt>(S); G && !Labels.count(G->getLabel()))
      fail(S->getBeginLoc(), Diag::SpawnedBlockJump, "goto");
    else if (isa<IndirectGotoStmt>(S))
      fail(S->getBeginLoc(), Diag::SpawnedBlockJump, "goto");
    else if (isa<CoreturnStmt>(S))
      fail(S->getBeginLoc(), Diag::SpawnedBlockCoroutine, "co_return");
    else if (isa<CoawaitExpr>(S) || isa<DependentCoawaitExpr>(S))
      fail(S->getBeginLoc(), Diag::SpawnedBlockCoroutine, "co_await");
    else if (isa<CoyieldExpr>(S))
      fail(S->getBeginLoc(), Diag::SpawnedBlockCoroutine, "co_yield");
    bool Loop =
        isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
    bool Switch = isa<SwitchStmt>(S);
    Loops += Loop;
    Switches += Switch;
    for (const Stmt *C : S->children())
      walk(C);
    Loops -= Loop;
    Switches -= Switch;
  }
};

// The gotos of Body outside Block that target a label inside it.
void checkJumpsIn(BlockChecker &B, const Stmt *S, const Stmt *Block) {
  if (!S || S == Block || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
    return;
  if (auto *G = dyn_cast<GotoStmt>(S); G && B.Labels.count(G->getLabel())) {
    report(B.D, S->getBeginLoc(), Diag::SpawnedBlockJumpIn) << 0;
    B.OK = false;
  }
  for (const Stmt *C : S->children())
    checkJumpsIn(B, C, Block);
}
}  // namespace

bool checkSpawnedBlock(DiagnosticsEngine &D, CompoundStmt *Block, Stmt *Body) {
  BlockChecker B(D);
  B.collectLabels(Block);
  B.walk(Block);
  if (!B.Labels.empty())
    checkJumpsIn(B, Body, Block);
  return B.OK;
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
