//===- plugin/frontend/Attributes.cpp - the attributes, as Sema parses them ===//
//
// The attributes spawn, sync, scope, parallel_for, grainsize and reducer. Registers them
// with Sema (ParsedAttrInfo, as in clang/examples/Attribute), in C++'s [[...]] syntax and
// in C's (C23's, which Clang also accepts in C11 and C17) and checks what can be checked
// while parsing: the arguments, and what the attribute is attached to. Each accepted use
// becomes an AnnotateAttr ("sprig.spawn", "sprig.sync", "sprig.scope" (on a block only),
// "sprig.parallel_for", "sprig.grainsize" with the grain expression as its argument,
// "sprig.reducer" with the identity's and reduce's addresses) on the statement or
// variable (a reducer's is rewritten in IR: early/Reducers.h); Legality.cpp and
// ParallelFor.cpp check the full form once the function is complete, and Rewrite.cpp
// lowers it.
//===----------------------------------------------------------------------===//
#include "Annotations.h"
#include "Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/DeclSpec.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace sprig {

// Clang parses, then drops, the arguments of these attributes (getNumArgs() stays 0), so
// look at the source: a '(' right after the attribute's name is an argument list.
// A compile error at the attribute (Diagnostics.def).
static SemaBase::SemaDiagnosticBuilder attrError(Sema &S, const ParsedAttr &A, Diag K) {
  return S.Diag(A.getLoc(), diagID(S.getDiagnostics(), K));
}

static bool noArguments(Sema &S, const ParsedAttr &A, const char *Name) {
  bool HasArgs = A.getNumArgs() != 0 || A.hasParsedType();
  if (!HasArgs && A.getLoc().isValid()) {
    // From the attribute's location (its name, or its scope 'sprig'), skip 'sprig' '::'
    // to the name, and look at what follows it.
    SourceLocation L = A.getLoc();
    for (int Step = 0; Step < 3 && L.isValid(); ++Step) {
      std::optional<Token> Next =
          Lexer::findNextToken(L, S.getSourceManager(), S.getLangOpts());
      if (!Next)
        break;
      if (Next->is(tok::coloncolon) || Next->is(tok::raw_identifier) ||
          Next->is(tok::identifier)) {
        L = Next->getLocation();
        continue;
      }
      HasArgs = Next->is(tok::l_paren);
      break;
    }
  }
  if (!HasArgs)
    return true;
  attrError(S, A, Diag::TakesNoArguments) << Name;
  return false;
}

namespace {

struct SpawnAttrInfo : ParsedAttrInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sprig::spawn"},
                                   {ParsedAttr::AS_C23, "sprig::spawn"}};
  SpawnAttrInfo() {
    OptArgs = 15;  // accept any arguments in the parser, so that we can reject them clearly
    IsStmt = 1;
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &Sm, const ParsedAttr &A, const Decl *D) const override {
    if (isa<VarDecl>(D) && !isa<ParmVarDecl>(D))
      return true;
    attrError(Sm, A, Diag::SpawnOnThisDecl);
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &Sm, Decl *D, const ParsedAttr &A) const override {
    if (!noArguments(Sm, A, "sprig::spawn"))
      return AttributeNotApplied;
    auto *V = cast<VarDecl>(D);
    if (!V->isLocalVarDecl() || V->isStaticLocal() ||
        V->getTLSKind() != VarDecl::TLS_None) {
      attrError(Sm, A, Diag::SpawnDeclNotAutomatic);
      return AttributeNotApplied;
    }
    // The initializer is not parsed yet: Legality.cpp checks it once the decl is complete.
    D->addAttr(
        AnnotateAttr::Create(Sm.Context, kSpawnAnnotation, nullptr, 0, A.getRange()));
    return AttributeApplied;
  }

  AttrHandling handleStmtAttribute(Sema &Sm, Stmt *St, const ParsedAttr &A,
                                   class Attr *&Result) const override {
    if (!noArguments(Sm, A, "sprig::spawn"))
      return AttributeNotApplied;
    Result = AnnotateAttr::Create(Sm.Context, kSpawnAnnotation, nullptr, 0, A.getRange());
    return AttributeApplied;
  }
};

struct SyncAttrInfo : ParsedAttrInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sprig::sync"},
                                   {ParsedAttr::AS_C23, "sprig::sync"}};
  SyncAttrInfo() {
    OptArgs = 15;
    IsStmt = 1;
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &Sm, const ParsedAttr &A, const Decl *D) const override {
    if (D->getDeclContext()->isFunctionOrMethod())
      attrError(Sm, A, Diag::SyncOnDecl);
    else
      attrError(Sm, A, Diag::SyncOutsideFunction);
    return false;
  }

  AttrHandling handleStmtAttribute(Sema &Sm, Stmt *St, const ParsedAttr &A,
                                   class Attr *&Result) const override {
    if (!noArguments(Sm, A, "sprig::sync"))
      return AttributeNotApplied;
    if (!isa<NullStmt>(St)) {
      attrError(Sm, A, Diag::SyncNotEmpty);
      return AttributeNotApplied;
    }
    Result = AnnotateAttr::Create(Sm.Context, kSyncAnnotation, nullptr, 0, A.getRange());
    return AttributeApplied;
  }
};

struct ScopeAttrInfo : ParsedAttrInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sprig::scope"},
                                   {ParsedAttr::AS_C23, "sprig::scope"}};
  ScopeAttrInfo() {
    OptArgs = 15;
    IsStmt = 1;
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &Sm, const ParsedAttr &A, const Decl *D) const override {
    attrError(Sm, A, Diag::ScopeNotABlock);
    return false;
  }

  AttrHandling handleStmtAttribute(Sema &Sm, Stmt *St, const ParsedAttr &A,
                                   class Attr *&Result) const override {
    if (!noArguments(Sm, A, "sprig::scope"))
      return AttributeNotApplied;
    if (!isa<CompoundStmt>(St)) {
      attrError(Sm, A, Diag::ScopeNotABlock);
      return AttributeNotApplied;
    }
    // Where it may be used is checked on the complete function (Rewrite.cpp).
    Result = AnnotateAttr::Create(Sm.Context, kScopeAnnotation, nullptr, 0, A.getRange());
    return AttributeApplied;
  }
};

struct ParallelForAttrInfo : ParsedAttrInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sprig::parallel_for"},
                                   {ParsedAttr::AS_C23, "sprig::parallel_for"}};
  ParallelForAttrInfo() {
    OptArgs = 15;
    IsStmt = 1;
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &Sm, const ParsedAttr &A, const Decl *D) const override {
    attrError(Sm, A, Diag::ParallelForOnDecl);
    return false;
  }

  AttrHandling handleStmtAttribute(Sema &Sm, Stmt *St, const ParsedAttr &A,
                                   class Attr *&Result) const override {
    if (!noArguments(Sm, A, "sprig::parallel_for"))
      return AttributeNotApplied;
    if (isa<CXXForRangeStmt>(St)) {
      attrError(Sm, A, Diag::ParallelForRangeFor);
      return AttributeNotApplied;
    }
    if (!isa<ForStmt>(St)) {
      attrError(Sm, A, Diag::ParallelForNotAFor);
      return AttributeNotApplied;
    }
    // The loop's form is checked on the complete function (ParallelFor.cpp): in a
    // template, on each instantiation.
    Result =
        AnnotateAttr::Create(Sm.Context, kParallelForAnnotation, nullptr, 0, A.getRange());
    return AttributeApplied;
  }
};

struct GrainsizeAttrInfo : ParsedAttrInfo {
  // The unscoped spelling is there only so that Clang parses the argument: the parser
  // asks plugins whether they know the attribute by its name without the scope
  // (clang::hasAttribute), and skips the arguments of one it does not know. An unscoped
  // [[grainsize]] is then ignored with Clang's usual warning.
  static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sprig::grainsize"},
                                   {ParsedAttr::AS_CXX11, "grainsize"},
                                   {ParsedAttr::AS_C23, "sprig::grainsize"},
                                   {ParsedAttr::AS_C23, "grainsize"}};
  GrainsizeAttrInfo() {
    OptArgs = 15;
    IsStmt = 1;
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &Sm, const ParsedAttr &A, const Decl *D) const override {
    attrError(Sm, A, Diag::GrainsizeOnDecl);
    return false;
  }

  AttrHandling handleStmtAttribute(Sema &Sm, Stmt *St, const ParsedAttr &A,
                                   class Attr *&Result) const override {
    if (!A.getScopeName() || A.getScopeName()->getName() != "sprig") {
      Sm.Diag(A.getLoc(), diag::warn_unknown_attribute_ignored) << A << A.getRange();
      return AttributeNotApplied;
    }
    Expr *E = nullptr;
    if (A.getNumArgs() == 1 && A.isArgExpr(0)) {
      E = A.getArgAsExpr(0);
    } else if (A.getNumArgs() == 1 && A.isArgIdent(0)) {
      // A lone name, `grainsize(g)`, reaches a plugin as an identifier: look it up here,
      // where the parser is (the loop's enclosing scope).
      IdentifierLoc *IL = A.getArgAsIdent(0);
      CXXScopeSpec SS;
      UnqualifiedId Id;
      Id.setIdentifier(IL->getIdentifierInfo(), IL->getLoc());
      ExprResult R =
          Sm.ActOnIdExpression(Sm.getCurScope(), SS, SourceLocation(), Id,
                               /*HasTrailingLParen=*/false, /*IsAddressOfOperand=*/false);
      if (R.isInvalid())
        return AttributeNotApplied;
      E = R.get();
    }
    if (!E) {
      attrError(Sm, A, Diag::GrainsizeArgument);
      return AttributeNotApplied;
    }
    if (!isa<ForStmt>(St)) {
      attrError(Sm, A, Diag::GrainsizeWithoutParallelFor);
      return AttributeNotApplied;
    }
    if (!E->isTypeDependent() && !E->getType()->isIntegralOrUnscopedEnumerationType()) {
      attrError(Sm, A, Diag::GrainsizeNotInteger) << E->getType();
      return AttributeNotApplied;
    }
    if (!E->isTypeDependent()) {
      ExprResult R = Sm.DefaultLvalueConversion(E);
      if (R.isInvalid())
        return AttributeNotApplied;
      E = R.get();
    }
    // The grain rides in the loop's increment, so that a template's
    // instantiation instantiates it with the loop (an attribute's arguments are not
    // instantiated). ParallelFor.cpp takes it out again; it is evaluated once, before
    // the first iteration, converted to size_t.
    // It is cast to void there, `(inc, (void)grain)`, so that no "unused value" warning
    // sees it.
    auto *FS = cast<ForStmt>(St);
    ExprResult Void = Sm.BuildCStyleCastExpr(
        E->getExprLoc(), Sm.Context.getTrivialTypeSourceInfo(Sm.Context.VoidTy),
        E->getExprLoc(), E);
    if (Void.isInvalid())
      return AttributeNotApplied;
    if (FS->getInc())
      FS->setInc(BinaryOperator::Create(Sm.Context, FS->getInc(), Void.get(), BO_Comma,
                                        Sm.Context.VoidTy, VK_PRValue, OK_Ordinary,
                                        E->getExprLoc(), FPOptionsOverride()));
    Expr *Args[] = {E};
    Result = AnnotateAttr::Create(Sm.Context, kGrainsizeAnnotation, Args, 1, A.getRange());
    return AttributeApplied;
  }
};

struct ReducerAttrInfo : ParsedAttrInfo {
  // (The unscoped spelling is there so that Clang parses the arguments: see grainsize.)
  static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sprig::reducer"},
                                   {ParsedAttr::AS_CXX11, "reducer"},
                                   {ParsedAttr::AS_C23, "sprig::reducer"},
                                   {ParsedAttr::AS_C23, "reducer"}};
  ReducerAttrInfo() {
    OptArgs = 15;
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &Sm, const ParsedAttr &A, const Decl *D) const override {
    if (!A.getScopeName() || A.getScopeName()->getName() != "sprig")
      return true;  // ignored below, with Clang's warning
    if (isa<VarDecl>(D) && !isa<ParmVarDecl>(D) && !isa<DecompositionDecl>(D))
      return true;
    attrError(Sm, A, Diag::ReducerOnThisDecl);
    return false;
  }

  // Argument I as an expression (a lone name reaches a plugin as an identifier: look it
  // up where the parser is), or null.
  static Expr *argument(Sema &Sm, const ParsedAttr &A, unsigned I) {
    if (A.isArgExpr(I))
      return A.getArgAsExpr(I);
    if (!A.isArgIdent(I))
      return nullptr;
    IdentifierLoc *IL = A.getArgAsIdent(I);
    if (!IL)
      return nullptr;
    CXXScopeSpec SS;
    UnqualifiedId Id;
    Id.setIdentifier(IL->getIdentifierInfo(), IL->getLoc());
    ExprResult R = Sm.ActOnIdExpression(Sm.getCurScope(), SS, SourceLocation(), Id,
                                        /*HasTrailingLParen=*/false,
                                        /*IsAddressOfOperand=*/false);
    return R.isInvalid() ? nullptr : R.get();
  }

  // E names a function of type void(Params...): its address, else an error.
  static Expr *callback(Sema &Sm, const ParsedAttr &A, Expr *E, unsigned NParams, Diag K) {
    ASTContext &C = Sm.Context;
    const FunctionDecl *FD = nullptr;
    if (auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      FD = dyn_cast<FunctionDecl>(DRE->getDecl());
    const auto *FT = FD ? FD->getType()->getAs<FunctionProtoType>() : nullptr;
    bool OK = FT && FT->getReturnType()->isVoidType() && FT->getNumParams() == NParams &&
              !FT->isVariadic();
    for (unsigned I = 0; OK && I < NParams; ++I)
      OK = C.hasSameType(FT->getParamType(I), C.VoidPtrTy);
    if (!OK) {
      std::string Name = FD ? FD->getNameAsString() : "the argument";
      attrError(Sm, A, K) << Name << E->getType();
      return nullptr;
    }
    ExprResult R = Sm.DefaultFunctionArrayLvalueConversion(E);
    return R.isInvalid() ? nullptr : R.get();
  }

  AttrHandling handleDeclAttribute(Sema &Sm, Decl *D, const ParsedAttr &A) const override {
    if (!A.getScopeName() || A.getScopeName()->getName() != "sprig") {
      Sm.Diag(A.getLoc(), diag::warn_unknown_attribute_ignored) << A << A.getRange();
      return AttributeNotApplied;
    }
    auto *V = cast<VarDecl>(D);
    if (V->isStaticLocal() || V->getTLSKind() != VarDecl::TLS_None ||
        V->isStaticDataMember()) {
      attrError(Sm, A, Diag::ReducerStorage)
          << (V->isStaticDataMember()                ? 2
              : V->getTLSKind() != VarDecl::TLS_None ? 1
                                                     : 0);
      return AttributeNotApplied;
    }
    if (!V->isLocalVarDecl() && !V->getDeclContext()->getRedeclContext()->isFileContext()) {
      attrError(Sm, A, Diag::ReducerOnThisDecl);
      return AttributeNotApplied;
    }
    QualType T = V->getType();
    if (!T->isDependentType()) {
      int Bad = T->isReferenceType()                         ? 0
                : T.isConstQualified()                       ? 1
                : T.isVolatileQualified()                    ? 2
                : T->isIncompleteType() && !T->isArrayType() ? 3
                                                             : -1;
      if (Bad >= 0) {
        attrError(Sm, A, Diag::ReducerType) << Bad << T;
        return AttributeNotApplied;
      }
    }
    if (A.getNumArgs() != 2) {
      attrError(Sm, A, Diag::ReducerArguments);
      return AttributeNotApplied;
    }
    Expr *Id = argument(Sm, A, 0), *Red = argument(Sm, A, 1);
    if (!Id || !Red) {
      attrError(Sm, A, Diag::ReducerArguments);
      return AttributeNotApplied;
    }
    Id = callback(Sm, A, Id, 1, Diag::ReducerIdentity);
    Red = Id ? callback(Sm, A, Red, 2, Diag::ReducerReduce) : nullptr;
    if (!Id || !Red)
      return AttributeNotApplied;
    // CodeGen emits the annotation with the two addresses as its arguments; the IR pass
    // (early/Reducers.cpp) rewrites every access of the variable to the strand's view.
    Expr *Args[] = {Id, Red};
    // Folded into constants (ConstantExpr), which CodeGen emits as the annotation's
    // arguments (unfolded, it emits undef).
    if (!Sm.ConstantFoldAttrArgs(A, Args))
      return AttributeNotApplied;
    D->addAttr(AnnotateAttr::Create(Sm.Context, kReducerAnnotation, Args, 2, A.getRange()));
    return AttributeApplied;
  }
};

// [[sprig::allow_thread_bound]]: on a statement or a local variable, silences the
// thread-bound-state warnings that point at it (ThreadBound.h).
struct AllowThreadBoundAttrInfo : ParsedAttrInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sprig::allow_thread_bound"},
                                   {ParsedAttr::AS_C23, "sprig::allow_thread_bound"}};
  AllowThreadBoundAttrInfo() {
    OptArgs = 15;
    IsStmt = 1;
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &Sm, const ParsedAttr &A, const Decl *D) const override {
    if (const auto *V = dyn_cast<VarDecl>(D);
        V && !isa<ParmVarDecl>(V) && V->getDeclContext()->isFunctionOrMethod())
      return true;
    attrError(Sm, A, Diag::AllowThreadBoundOnDecl);
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &Sm, Decl *D, const ParsedAttr &A) const override {
    if (!noArguments(Sm, A, "sprig::allow_thread_bound"))
      return AttributeNotApplied;
    D->addAttr(AnnotateAttr::Create(Sm.Context, kAllowThreadBoundAnnotation, nullptr, 0,
                                    A.getRange()));
    return AttributeApplied;
  }

  AttrHandling handleStmtAttribute(Sema &Sm, Stmt *St, const ParsedAttr &A,
                                   class Attr *&Result) const override {
    if (!noArguments(Sm, A, "sprig::allow_thread_bound"))
      return AttributeNotApplied;
    Result = AnnotateAttr::Create(Sm.Context, kAllowThreadBoundAnnotation, nullptr, 0,
                                  A.getRange());
    return AttributeApplied;
  }
};

}  // namespace
}  // namespace sprig

static ParsedAttrInfoRegistry::Add<sprig::ReducerAttrInfo>
    X5("sprig-reducer", "[[sprig::reducer(id, reduce)]]");
static ParsedAttrInfoRegistry::Add<sprig::SpawnAttrInfo> X1("sprig-spawn",
                                                            "[[sprig::spawn]]");
static ParsedAttrInfoRegistry::Add<sprig::SyncAttrInfo> X2("sprig-sync", "[[sprig::sync]]");
static ParsedAttrInfoRegistry::Add<sprig::ScopeAttrInfo> X6("sprig-scope",
                                                            "[[sprig::scope]] { ... }");
static ParsedAttrInfoRegistry::Add<sprig::ParallelForAttrInfo>
    X3("sprig-parallel-for", "[[sprig::parallel_for]]");
static ParsedAttrInfoRegistry::Add<sprig::GrainsizeAttrInfo> X4("sprig-grainsize",
                                                                "[[sprig::grainsize(n)]]");
static ParsedAttrInfoRegistry::Add<sprig::AllowThreadBoundAttrInfo>
    X7("sprig-allow-thread-bound", "[[sprig::allow_thread_bound]]");
