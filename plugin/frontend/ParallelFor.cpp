//===- plugin/frontend/ParallelFor.cpp - parallel_for: form checks and rewrite ===//
//
// See ParallelFor.h for the accepted form and the code the rewrite emits. Every error
// reports through Diagnostics.def and names the attribute and the fix.
//===----------------------------------------------------------------------===//
#include "ParallelFor.h"
#include "Annotations.h"
#include "Diagnostics.h"
#include "SpawnUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Sema/EnterExpressionEvaluationContext.h"
#include "clang/Sema/Initialization.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace sprig {

namespace {

// E, once parentheses, implicit conversions, temporaries and by-value copies are looked
// through, names V.
bool namesVar(const Expr *E, const VarDecl *V) {
  while (E) {
    E = E->IgnoreImplicit()->IgnoreParenImpCasts();
    if (auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor()) {
      E = CE->getArg(0);
      continue;
    }
    if (auto *DR = dyn_cast<DeclRefExpr>(E))
      return DR->getDecl() == V;
    return false;
  }
  return false;
}

// Does E (or what it contains, not counting lambdas) mention V?
bool mentions(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == V)
    return true;
  for (const Stmt *C : S->children())
    if (mentions(C, V))
      return true;
  return false;
}

BinaryOperatorKind flip(BinaryOperatorKind K) {
  switch (K) {
  case BO_LT:
    return BO_GT;
  case BO_GT:
    return BO_LT;
  case BO_LE:
    return BO_GE;
  case BO_GE:
    return BO_LE;
  default:
    return K;
  }
}

std::optional<BinaryOperatorKind> comparison(OverloadedOperatorKind K) {
  switch (K) {
  case OO_Less:
    return BO_LT;
  case OO_LessEqual:
    return BO_LE;
  case OO_Greater:
    return BO_GT;
  case OO_GreaterEqual:
    return BO_GE;
  case OO_ExclaimEqual:
    return BO_NE;
  default:
    return std::nullopt;
  }
}

// Walks the body for what an iteration may not do.
struct BodyCheck {
  DiagnosticsEngine &D;
  const VarDecl *V;
  llvm::SmallPtrSet<const LabelDecl *, 8> Labels;
  bool OK = true;
  int Loops = 0, Switches = 0;

  void collectLabels(const Stmt *S) {
    if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return;
    if (auto *LS = dyn_cast<LabelStmt>(S))
      Labels.insert(LS->getDecl());
    for (const Stmt *C : S->children())
      collectLabels(C);
  }
  void fail(SourceLocation L, Diag K, llvm::StringRef Arg = {}) {
    auto B = report(D, L, K);
    if (!Arg.empty())
      B << Arg;
    OK = false;
  }
  bool modifiesVar(const Stmt *S) {
    if (auto *UO = dyn_cast<UnaryOperator>(S))
      return UO->isIncrementDecrementOp() && namesVar(UO->getSubExpr(), V);
    if (auto *BO = dyn_cast<BinaryOperator>(S))
      return BO->isAssignmentOp() && namesVar(BO->getLHS(), V);
    if (auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      OverloadedOperatorKind K = OC->getOperator();
      bool Writes = K == OO_PlusPlus || K == OO_MinusMinus || K == OO_Equal ||
                    K == OO_PlusEqual || K == OO_MinusEqual;
      return Writes && OC->getNumArgs() >= 1 && namesVar(OC->getArg(0), V);
    }
    return false;
  }
  void walk(const Stmt *S) {
    if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return;
    // A `break` of the body's top level ends the loop (rewriteParallelFor marks it); in
    // an inner loop or switch it is that statement's, as in any loop.
    if (isa<ReturnStmt>(S))
      fail(S->getBeginLoc(), Diag::ParallelForReturn);
    else if (auto *G = dyn_cast<GotoStmt>(S); G && !Labels.count(G->getLabel()))
      fail(S->getBeginLoc(), Diag::ParallelForGoto);
    else if (isa<IndirectGotoStmt>(S))
      fail(S->getBeginLoc(), Diag::ParallelForGoto);
    else if (isa<CoreturnStmt>(S))
      fail(S->getBeginLoc(), Diag::ParallelForCoroutine, "co_return");
    else if (isa<CoawaitExpr>(S) || isa<DependentCoawaitExpr>(S))
      fail(S->getBeginLoc(), Diag::ParallelForCoroutine, "co_await");
    else if (isa<CoyieldExpr>(S))
      fail(S->getBeginLoc(), Diag::ParallelForCoroutine, "co_yield");
    else if (modifiesVar(S))
      fail(S->getBeginLoc(), Diag::ParallelForModifiesVar, V->getName());
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

}  // namespace

bool containsSpawn(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
    return false;
  if (auto *AS = dyn_cast<AttributedStmt>(S); AS && annotation(AS, kSpawnAnnotation))
    return true;
  if (auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (hasAnnotation(D, kSpawnAnnotation))
        return true;
  for (const Stmt *C : S->children())
    if (containsSpawn(C))
      return true;
  return false;
}

std::optional<LoopForm> classifyParallelFor(DiagnosticsEngine &D, AttributedStmt *AS,
                                            SourceLocation AttrLoc) {
  auto *FS = dyn_cast<ForStmt>(AS->getSubStmt());
  if (!FS) {
    report(D, AttrLoc, Diag::ParallelForNotAFor);
    return std::nullopt;
  }
  LoopForm L{};
  L.stmt = AS;
  L.loop = FS;
  // ---- init: one variable with an initial value ----
  auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit());
  VarDecl *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (!V || isa<DecompositionDecl>(V) || !V->getInit() || !V->isLocalVarDecl() ||
      V->isStaticLocal()) {
    report(D, FS->getBeginLoc(), Diag::ParallelForInit);
    return std::nullopt;
  }
  L.var = V;
  QualType T = V->getType();
  // (An iterator is a class: C has integers and pointers only.)
  bool IsIterator = T->isRecordType() && V->getASTContext().getLangOpts().CPlusPlus;
  if (T->isReferenceType() || T.isVolatileQualified() || T->isBooleanType() ||
      !(T->isIntegerType() || (T->isPointerType() && T->getPointeeType()->isObjectType()) ||
        IsIterator)) {
    report(D, V->getLocation(), Diag::ParallelForVarType) << V->getName() << T;
    return std::nullopt;
  }
  // ---- condition: i OP bound ----
  Expr *Cond = FS->getCond() ? FS->getCond()->IgnoreParens() : nullptr;
  Expr *Lhs = nullptr, *Rhs = nullptr;
  std::optional<BinaryOperatorKind> Op;
  if (Cond && !FS->getConditionVariable()) {
    Cond = Cond->IgnoreImplicit()->IgnoreParens();
    if (auto *BO = dyn_cast<BinaryOperator>(Cond)) {
      if (BO->isRelationalOp() || BO->getOpcode() == BO_NE)
        Op = BO->getOpcode(), Lhs = BO->getLHS(), Rhs = BO->getRHS();
    } else if (auto *RB = dyn_cast<CXXRewrittenBinaryOperator>(Cond)) {
      BinaryOperatorKind K = RB->getOpcode();
      if (BinaryOperator::isRelationalOp(K) || K == BO_NE)
        Op = K, Lhs = const_cast<Expr *>(RB->getLHS()),
        Rhs = const_cast<Expr *>(RB->getRHS());
    } else if (auto *OC = dyn_cast<CXXOperatorCallExpr>(Cond);
               OC && OC->getNumArgs() == 2) {
      Op = comparison(OC->getOperator());
      Lhs = OC->getArg(0), Rhs = OC->getArg(1);
    }
  }
  if (!Op || !(namesVar(Lhs, V) || namesVar(Rhs, V))) {
    report(D, Cond ? Cond->getExprLoc() : FS->getBeginLoc(), Diag::ParallelForCondition)
        << V->getName();
    return std::nullopt;
  }
  if (namesVar(Lhs, V)) {
    L.cmp = *Op, L.varSide = Lhs, L.bound = Rhs;
  } else {
    L.cmp = flip(*Op), L.varSide = Rhs, L.bound = Lhs;
  }
  if (mentions(L.bound, V)) {
    report(D, L.bound->getExprLoc(), Diag::ParallelForBoundUsesVar) << V->getName();
    return std::nullopt;
  }
  // ---- increment (and the grain that Attributes.cpp hung on it) ----
  Expr *Inc = FS->getInc() ? FS->getInc()->IgnoreParens() : nullptr;
  bool HasGrain = false;
  for (const Attr *A : AS->getAttrs())
    if (auto *AA = dyn_cast<AnnotateAttr>(A);
        AA && AA->getAnnotation() == kGrainsizeAnnotation)
      HasGrain = true;
  if (HasGrain && Inc) {
    auto *Comma = dyn_cast<BinaryOperator>(Inc);
    auto *Void = Comma && Comma->getOpcode() == BO_Comma
                     ? dyn_cast<CStyleCastExpr>(Comma->getRHS()->IgnoreParens())
                     : nullptr;
    if (Void) {
      L.grain = Void->getSubExpr();
      Inc = Comma->getLHS()->IgnoreParens();
    }
  }
  bool IncOK = false;
  if (Inc) {
    Inc = Inc->IgnoreImplicit()->IgnoreParens();
    if (auto *UO = dyn_cast<UnaryOperator>(Inc); UO && UO->isIncrementDecrementOp()) {
      IncOK = namesVar(UO->getSubExpr(), V);
      L.up = UO->isIncrementOp();
    } else if (auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
               CA && (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign)) {
      IncOK = namesVar(CA->getLHS(), V);
      L.up = CA->getOpcode() == BO_AddAssign;
      L.step = CA->getRHS();
    } else if (auto *OC = dyn_cast<CXXOperatorCallExpr>(Inc); OC && OC->getNumArgs() >= 1) {
      OverloadedOperatorKind K = OC->getOperator();
      IncOK = namesVar(OC->getArg(0), V);
      if (K == OO_PlusPlus || K == OO_MinusMinus)
        L.up = K == OO_PlusPlus;
      else if ((K == OO_PlusEqual || K == OO_MinusEqual) && OC->getNumArgs() == 2)
        L.up = K == OO_PlusEqual, L.step = OC->getArg(1);
      else
        IncOK = false;
    }
  }
  if (!IncOK) {
    report(D, Inc ? Inc->getExprLoc() : FS->getBeginLoc(), Diag::ParallelForIncrement)
        << V->getName();
    return std::nullopt;
  }
  if (L.step && mentions(L.step, V)) {
    report(D, L.step->getExprLoc(), Diag::ParallelForStepUsesVar) << V->getName();
    return std::nullopt;
  }
  bool Ascending = L.cmp == BO_LT || L.cmp == BO_LE;
  bool Descending = L.cmp == BO_GT || L.cmp == BO_GE;
  if ((Ascending && !L.up) || (Descending && L.up)) {
    report(D, Inc->getExprLoc(), Diag::ParallelForDirection);
    return std::nullopt;
  }
  // ---- body ----
  BodyCheck B{D, V, {}};
  B.collectLabels(FS->getBody());
  B.walk(FS->getBody());
  if (!B.OK)
    return std::nullopt;
  return L;
}

// ---- the rewrite ----

namespace {

struct Builder {
  Sema &S;
  ASTContext &C;
  FunctionDecl *FD;
  SourceLocation Loc;
  bool Failed = false;

  Expr *check(ExprResult R) {
    if (R.isInvalid() || !R.get()) {
      Failed = true;
      return nullptr;
    }
    return R.get();
  }
  Expr *ref(VarDecl *V) {
    return S.BuildDeclRefExpr(V, V->getType().getNonReferenceType(), VK_LValue, Loc);
  }
  Expr *cast(QualType T, Expr *E) {
    if (!E)
      return nullptr;
    return check(S.BuildCStyleCastExpr(Loc, C.getTrivialTypeSourceInfo(T, Loc), Loc, E));
  }
  Expr *bin(BinaryOperatorKind K, Expr *A, Expr *B) {
    if (!A || !B)
      return nullptr;
    return check(S.BuildBinOp(nullptr, Loc, K, A, B));
  }
  Expr *lit(uint64_t V, QualType T) {
    return IntegerLiteral::Create(C, llvm::APInt(C.getIntWidth(T), V), T, Loc);
  }
  Expr *cond(Expr *T, Expr *A, Expr *B) {
    if (!T || !A || !B)
      return nullptr;
    return check(S.ActOnConditionalOp(Loc, Loc, T, A, B));
  }
  // A new local `T Name = Init;` (Init: converted by Sema, as a copy-initialization).
  VarDecl *var(llvm::StringRef Name, QualType T, Expr *Init) {
    auto *V = VarDecl::Create(C, FD, Loc, Loc, &C.Idents.get(Name), T,
                              C.getTrivialTypeSourceInfo(T, Loc), SC_None);
    V->setImplicit();
    if (!Init) {
      Failed = true;
      return V;
    }
    S.AddInitializerToDecl(V, Init, /*DirectInit=*/false);
    if (V->isInvalidDecl() || !V->getInit())
      Failed = true;
    return V;
  }
  Expr *rv(VarDecl *V) { return check(S.DefaultLvalueConversion(ref(V))); }
  Stmt *decl(VarDecl *V) { return new (C) DeclStmt(DeclGroupRef(V), Loc, Loc); }
  CompoundStmt *block(llvm::ArrayRef<Stmt *> Stmts) {
    return CompoundStmt::Create(C, Stmts, FPOptionsOverride(), Loc, Loc);
  }
};

// The expression with implicit conversions, temporaries and by-value copies removed: the
// bound as written, to initialize a variable of its own type with.
Expr *asWritten(Expr *E) {
  while (true) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor()) {
      E = CE->getArg(0);
      continue;
    }
    return E;
  }
}

// Each `break;` of the body's top level (not in an inner loop or switch, nor in a
// lambda or block) becomes `{ __sprig_pfor_break(id); break; }`. The break itself then
// leaves the do-while(0) that holds the body: the iteration ends, and the marker (an
// ordinary call, made a runtime call by early/ParallelLoops.cpp) tells the loop that
// iteration k broke. An inner parallel loop was rewritten before this one (innermost
// first): its breaks sit in its own do-while and are its own.
struct BreakMarker {
  ASTContext &C;
  const LoopMarkers &M;
  unsigned Id;
  SourceLocation Loc;
  unsigned Count = 0;
  int Depth = 0;  // inner loops and switches

  void slot(Stmt *&S) {
    if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return;
    if (isa<BreakStmt>(S)) {
      if (Depth == 0) {
        Stmt *Marked[] = {M.brk(Id), S};
        S = CompoundStmt::Create(C, Marked, FPOptionsOverride(), S->getBeginLoc(),
                                 S->getEndLoc());
        ++Count;
      }
      return;
    }
    bool Inner = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
                 isa<CXXForRangeStmt>(S) || isa<SwitchStmt>(S);
    Depth += Inner;
    for (Stmt *&Child : S->children())
      slot(Child);
    Depth -= Inner;
  }
};

}  // namespace

Stmt *rewriteParallelFor(Sema &S, FunctionDecl *FD, LoopForm &L, unsigned Id,
                         bool BodySpawns, const LoopMarkers &M) {
  ASTContext &C = S.getASTContext();
  SourceLocation Loc = L.loop->getForLoc();
  Sema::ContextRAII SavedContext(S, FD);
  EnterExpressionEvaluationContext Eval(
      S, Sema::ExpressionEvaluationContext::PotentiallyEvaluated);
  Sema::SFINAETrap Trap(S);
  Builder B{S, C, FD, Loc};
  VarDecl *V = L.var;
  QualType T = V->getType().getUnqualifiedType();
  QualType Size = C.getSizeType();
  bool IsInt = T->isIntegerType();
  bool IsPtr = T->isPointerType();

  // first: the variable's own initializer, moved (it keeps its form: =, (), {}).
  auto *First = VarDecl::Create(C, FD, V->getBeginLoc(), V->getLocation(),
                                &C.Idents.get("__sprig_first"), T,
                                C.getTrivialTypeSourceInfo(T, Loc), SC_None);
  First->setImplicit();
  First->setInit(V->getInit());
  First->setInitStyle(V->getInitStyle());

  // The comparison's type: integers compare after the usual conversions (int i < long n
  // compares longs), and the count is taken in that type's unsigned version, where
  // wrap-around is defined.
  QualType Cmp = IsInt ? L.varSide->getType().getUnqualifiedType() : T;
  QualType UCmp = Cmp;
  if (IsInt && Cmp->isSignedIntegerType())
    UCmp = C.getCorrespondingUnsignedType(Cmp);

  // end: the bound, evaluated once.
  VarDecl *End;
  if (IsInt || IsPtr) {
    End = B.var("__sprig_end", Cmp, L.bound);
  } else {
    Expr *W = asWritten(L.bound);
    End = B.var("__sprig_end", W->getType().getNonReferenceType().getUnqualifiedType(), W);
  }
  // step: once, in the unsigned type of the arithmetic (1 for ++/--).
  QualType StepT = IsInt ? UCmp : Size;
  VarDecl *Step =
      B.var("__sprig_step", StepT, L.step ? B.cast(StepT, L.step) : B.lit(1, StepT));
  if (B.Failed)
    return nullptr;

  // The distance in the loop's direction, as size_t.
  auto distance = [&](bool Up) -> Expr * {
    Expr *Hi = B.ref(Up ? End : First), *Lo = B.ref(Up ? First : End);
    if (IsInt)
      return B.cast(Size, B.bin(BO_Sub, B.cast(UCmp, B.cast(Cmp, Hi)),
                                B.cast(UCmp, B.cast(Cmp, Lo))));
    return B.cast(Size, B.bin(BO_Sub, Hi, Lo));
  };
  auto firstCmp = [&]() -> Expr * {
    return IsInt ? B.cast(Cmp, B.ref(First)) : B.ref(First);
  };
  Expr *StepS = B.cast(Size, B.ref(Step));
  Expr *Count = nullptr;
  switch (L.cmp) {
  case BO_LT:  // first < end ? (d - 1) / step + 1 : 0
  case BO_GT: {
    Expr *D = distance(L.cmp == BO_LT);
    Expr *Q = B.bin(BO_Add, B.bin(BO_Div, B.bin(BO_Sub, D, B.lit(1, Size)), StepS),
                    B.lit(1, Size));
    Count = B.cond(B.bin(L.cmp, firstCmp(), B.ref(End)), Q, B.lit(0, Size));
    break;
  }
  case BO_LE:  // first <= end ? d / step + 1 : 0
  case BO_GE: {
    Expr *D = distance(L.cmp == BO_LE);
    Expr *Q = B.bin(BO_Add, B.bin(BO_Div, D, StepS), B.lit(1, Size));
    Count = B.cond(B.bin(L.cmp, firstCmp(), B.ref(End)), Q, B.lit(0, Size));
    break;
  }
  default:  // !=: d / step in the increment's direction
    Count = B.bin(BO_Div, distance(L.up), StepS);
    break;
  }
  VarDecl *N = B.var("__sprig_n", Size, Count);
  VarDecl *Grain =
      B.var("__sprig_grain", Size, L.grain ? B.cast(Size, L.grain) : B.lit(0, Size));
  VarDecl *K = B.var("__sprig_k", Size, M.index(Id));
  if (B.Failed)
    goto fail;
  {
    // The iteration's own variable: first +/- k * step (integers: in the unsigned type).
    Expr *Val;
    if (IsInt) {
      Expr *Off = B.bin(BO_Mul, B.cast(UCmp, B.ref(K)), B.ref(Step));
      Val = B.cast(
          T, B.bin(L.up ? BO_Add : BO_Sub, B.cast(UCmp, B.cast(Cmp, B.ref(First))), Off));
    } else {
      QualType Diff = C.getPointerDiffType();
      Expr *Off = B.cast(Diff, B.bin(BO_Mul, B.ref(K), B.ref(Step)));
      Val = B.bin(L.up ? BO_Add : BO_Sub, B.ref(First), Off);
    }
    if (!Val || B.Failed)
      goto fail;
    ExprResult Init =
        S.PerformCopyInitialization(InitializedEntity::InitializeVariable(V), Loc, Val);
    if (!Init.isInvalid())
      Init = S.ActOnFinishFullExpr(Init.get(), Loc, /*DiscardedValue=*/false);
    if (Init.isInvalid() || Trap.hasErrorOccurred())
      goto fail;
    V->setInit(Init.get());
    V->setInitStyle(VarDecl::CInit);

    // { [sync] } after the body: a sync in an iteration waits for that iteration's
    // children; the implicit one at its end too (continue included: do-while(0); in C
    // the condition is the int 0).
    Expr *False =
        S.getLangOpts().CPlusPlus
            ? static_cast<Expr *>(new (C) CXXBoolLiteralExpr(false, C.BoolTy, Loc))
            : B.lit(0, C.IntTy);
    Stmt *Body = L.loop->getBody();
    BreakMarker Breaks{C, M, Id, Loc};
    Breaks.slot(Body);
    llvm::SmallVector<Stmt *, 4> Iter{B.decl(V),
                                      new (C) DoStmt(Body, False, Loc, Loc, Loc)};
    if (BodySpawns)
      Iter.push_back(M.sync());
    Stmt *Iteration = B.block(Iter);
    if (S.getLangOpts().CXXExceptions) {
      auto *Handler = new (C) CXXCatchStmt(Loc, nullptr, B.block({M.caught(Id)}));
      Stmt *Handlers[] = {Handler};
      Iteration = CXXTryStmt::Create(C, Loc, cast<CompoundStmt>(Iteration), Handlers);
    }
    Stmt *Region = B.block({B.decl(K), Iteration});
    return B.block({B.decl(First), B.decl(End), B.decl(Step), B.decl(N), B.decl(Grain),
                    M.begin(Id, B.rv(N), B.rv(Grain)), Region, M.end(Id)});
  }
fail:
  report(S.getDiagnostics(), V->getLocation(), Diag::ParallelForVarType)
      << V->getName() << V->getType();
  return nullptr;
}

}  // namespace sprig
