//===- plugin/Attributes.cpp - [[sprig::spawn]] and [[sprig::sync]] -------===//
//
// Registers the two attributes with Sema (ParsedAttrInfo, as in clang/examples/Attribute)
// and checks what can be checked while parsing: no arguments, and what the attribute is
// attached to. Each accepted use becomes an AnnotateAttr ("sprig.spawn" / "sprig.sync")
// on the statement or variable; plugin/Legality.cpp checks the full form once the
// statement is complete, and plugin/Rewrite.cpp lowers it.
//===----------------------------------------------------------------------===//
#include "Diagnostics.h"
#include "Sprig.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/ParsedAttr.h"
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
  static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sprig::spawn"}};
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
  static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sprig::sync"}};
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

}  // namespace
}  // namespace sprig

static ParsedAttrInfoRegistry::Add<sprig::SpawnAttrInfo> X1("sprig-spawn",
                                                            "[[sprig::spawn]]");
static ParsedAttrInfoRegistry::Add<sprig::SyncAttrInfo> X2("sprig-sync", "[[sprig::sync]]");
