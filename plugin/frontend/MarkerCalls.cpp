//===- plugin/frontend/MarkerCalls.cpp - the marker functions, in the AST --===//
#include "MarkerCalls.h"
#include "Assert.h"
#include "Legality.h"
#include "Markers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace sprig {

ASTContext &MarkerCalls::ctx() { return CI.getASTContext(); }

FunctionDecl *MarkerCalls::spawnBegin() {
  return idMarker(beginFn, markers::SpawnBegin, false);
}
FunctionDecl *MarkerCalls::spawnEnd() { return idMarker(endFn, markers::SpawnEnd, false); }
FunctionDecl *MarkerCalls::spawnEndValue() {
  return idMarker(endValFn, markers::SpawnEndValue, true);
}
FunctionDecl *MarkerCalls::sync() {
  return voidMarker(syncFn, markers::Sync, /*NoExcept=*/false);
}

// Not noexcept: a scope's exit rethrows a child's exception, so in an EH scope it must
// be an invoke into the enclosing cleanups.
FunctionDecl *MarkerCalls::scopeExit() {
  return idMarker(scopeExitFn, markers::ScopeExit, false);
}
FunctionDecl *MarkerCalls::spawnScope() {
  if (!spawnScopeFn) {
    ASTContext &C = ctx();
    spawnScopeFn = makeFunction(markers::SpawnScope, C.VoidTy, {C.IntTy, C.IntTy},
                                /*NoExcept=*/true);
    setBody(spawnScopeFn, nullptr);
  }
  return spawnScopeFn;
}

FunctionDecl *MarkerCalls::spawnBlock() {
  return voidMarker(spawnBlockFn, markers::SpawnBlock, /*NoExcept=*/true);
}

bool MarkerCalls::isC() { return !ctx().getLangOpts().CPlusPlus; }

// Where the marker functions are declared: in C++ an implicit extern "C" block (their IR
// names are the plain names Markers.h gives), in C the translation unit itself.
DeclContext *MarkerCalls::markerContext() {
  if (isC())
    return ctx().getTranslationUnitDecl();
  if (!cBlock) {
    TranslationUnitDecl *TU = ctx().getTranslationUnitDecl();
    cBlock = LinkageSpecDecl::Create(ctx(), TU, SourceLocation(), SourceLocation(),
                                     LinkageSpecLanguageIDs::C, /*HasBraces=*/true);
    cBlock->setImplicit();
    TU->addDecl(cBlock);
  }
  return cBlock;
}

// C++: extern "C" constexpr Ret Name(Params...) [noexcept] { Body }
// C:   Ret Name(Params...);  (a declaration: C has no constant evaluation of calls to
//      need a body, and no exception specifications; without -fexceptions every call
//      is nounwind anyway)
FunctionDecl *MarkerCalls::makeFunction(llvm::StringRef Name, QualType Ret,
                                        llvm::ArrayRef<QualType> Params, bool NoExcept,
                                        bool Constexpr) {
  ASTContext &C = ctx();
  bool InC = isC();
  FunctionProtoType::ExtProtoInfo EPI;
  if (NoExcept && !InC)
    EPI.ExceptionSpec.Type = EST_BasicNoexcept;
  QualType FT = C.getFunctionType(Ret, Params, EPI);
  DeclContext *DC = markerContext();
  FunctionDecl *FD = FunctionDecl::Create(
      C, DC, SourceLocation(), SourceLocation(), DeclarationName(&C.Idents.get(Name)), FT,
      C.getTrivialTypeSourceInfo(FT), SC_None, /*UsesFPIntrin=*/false,
      /*isInlineSpecified=*/!InC, /*hasWrittenPrototype=*/true,
      Constexpr && !InC ? ConstexprSpecKind::Constexpr : ConstexprSpecKind::Unspecified);
  FD->setImplicit();
  llvm::SmallVector<ParmVarDecl *, 2> Parms;
  for (unsigned I = 0; I < Params.size(); ++I) {
    auto *P = ParmVarDecl::Create(C, FD, SourceLocation(), SourceLocation(),
                                  &C.Idents.get("p"), Params[I],
                                  C.getTrivialTypeSourceInfo(Params[I]), SC_None, nullptr);
    P->setScopeInfo(0, I);
    Parms.push_back(P);
  }
  FD->setParams(Parms);
  DC->addDecl(FD);
  return FD;
}

void MarkerCalls::setBody(FunctionDecl *FD, Stmt *Ret) {
  if (isC())
    return;  // declared only (makeFunction)
  llvm::SmallVector<Stmt *, 1> Body;
  if (Ret)
    Body.push_back(Ret);
  FD->setBody(CompoundStmt::Create(ctx(), Body, FPOptionsOverride(), SourceLocation(),
                                   SourceLocation()));
}

FunctionDecl *MarkerCalls::voidMarker(FunctionDecl *&Cache, llvm::StringRef Name,
                                      bool NoExcept) {
  if (!Cache) {
    Cache = makeFunction(Name, ctx().VoidTy, {}, NoExcept);
    setBody(Cache, nullptr);
  }
  return Cache;
}

// The spawn markers take the spawn's id (unique in the translation unit): the IR pass
// pairs a begin with its end by id, never by block layout (Clang lays blocks out in
// emission order, which is not the statement's order: a member-pointer call's blocks
// can follow a later catch handler).
FunctionDecl *MarkerCalls::idMarker(FunctionDecl *&Cache, llvm::StringRef Name,
                                    bool ReturnsInt) {
  if (!Cache) {
    ASTContext &C = ctx();
    Cache = makeFunction(Name, ReturnsInt ? C.IntTy : C.VoidTy, {C.IntTy}, false);
    Stmt *Ret = nullptr;
    if (ReturnsInt)
      Ret = ReturnStmt::Create(
          C, SourceLocation(),
          IntegerLiteral::Create(C, llvm::APInt(32, 0), C.IntTy, SourceLocation()),
          nullptr);
    setBody(Cache, Ret);
  }
  return Cache;
}

Expr *MarkerCalls::idCall(FunctionDecl *FD, unsigned Id, SourceLocation L) {
  Expr *Arg = IntegerLiteral::Create(ctx(), llvm::APInt(32, Id), ctx().IntTy, L);
  return callTo(FD, {Arg}, L);
}

// The parallel loop's markers (Markers.h). Begin, index, catch and break are noexcept
// (calls: the region they bound has no exception edge out, its own try/catch keeps them
// in); end is not, so that in an EH scope it is an invoke into the enclosing cleanups: the
// place the loop's exception is rethrown.
LoopMarkers MarkerCalls::loopMarkers(FunctionDecl *Sync) {
  ASTContext &C = ctx();
  QualType Size = C.getSizeType();
  if (!pforBeginFn) {
    // Not constexpr (unlike the spawn markers): a constant evaluation of a function with
    // a parallel loop (an implicitly constexpr lambda) must fail, not run iteration 0.
    pforBeginFn = makeFunction(markers::LoopBegin, C.VoidTy, {C.IntTy, Size, Size}, true,
                               /*Constexpr=*/false);
    setBody(pforBeginFn, nullptr);
    pforIndexFn = makeFunction(markers::LoopIndex, Size, {C.IntTy}, true);
    setBody(pforIndexFn, ReturnStmt::Create(
                             C, SourceLocation(),
                             IntegerLiteral::Create(C, llvm::APInt(C.getIntWidth(Size), 0),
                                                    Size, SourceLocation()),
                             nullptr));
    pforCatchFn = makeFunction(markers::LoopCatch, C.VoidTy, {C.IntTy}, true);
    setBody(pforCatchFn, nullptr);
    pforEndFn = makeFunction(markers::LoopEnd, C.VoidTy, {C.IntTy}, false);
    setBody(pforEndFn, nullptr);
    pforBreakFn = makeFunction(markers::LoopBreak, C.VoidTy, {C.IntTy}, true);
    setBody(pforBreakFn, nullptr);
  }
  LoopMarkers M;
  SourceLocation L;
  M.begin = [this, L](unsigned Id, Expr *N, Expr *G) {
    Expr *IdE = IntegerLiteral::Create(ctx(), llvm::APInt(32, Id), ctx().IntTy, L);
    return callTo(pforBeginFn, {IdE, N, G}, L);
  };
  M.index = [this, L](unsigned Id) { return idCall(pforIndexFn, Id, L); };
  M.caught = [this, L](unsigned Id) { return idCall(pforCatchFn, Id, L); };
  M.end = [this, L](unsigned Id) { return idCall(pforEndFn, Id, L); };
  M.brk = [this, L](unsigned Id) { return idCall(pforBreakFn, Id, L); };
  M.sync = [this, Sync, L]() { return callTo(Sync, {}, L); };
  return M;
}

Expr *MarkerCalls::callTo(FunctionDecl *FD, llvm::ArrayRef<Expr *> Args,
                          SourceLocation Loc) {
  ASTContext &C = ctx();
  auto *Ref = DeclRefExpr::Create(C, NestedNameSpecifierLoc(), SourceLocation(), FD, false,
                                  Loc, FD->getType(), VK_LValue);
  Expr *Callee = ImplicitCastExpr::Create(C, C.getPointerType(FD->getType()),
                                          CK_FunctionToPointerDecay, Ref, nullptr,
                                          VK_PRValue, FPOptionsOverride());
  QualType Ret = FD->getReturnType();
  ExprValueKind VK = VK_PRValue;
  if (Ret->isLValueReferenceType())
    VK = VK_LValue;
  else if (Ret->isRValueReferenceType())
    VK = VK_XValue;
  return CallExpr::Create(C, Callee, Args, Ret.getNonReferenceType(), VK, Loc,
                          FPOptionsOverride());
}

// An identity function for one operand of the spawned call: __sprig_tag_N(E).
Expr *MarkerCalls::tag(Expr *E) {
  return identity(E, markers::TagPrefix.str() + std::to_string(tagCounter++));
}

// The assignment target, bracketed: __sprig_lhs_N((__sprig_lhs_begin(), E)). C++17
// evaluates it after the call; the IR pass moves the bracketed code before the call,
// so it runs after the arguments and before the detach (Cilk's rule; the serial
// elision's order of arguments then target is kept).
// In C, which has no references and whose comma yields no lvalue, the bracket goes
// through the target's address: *__sprig_lhs_N((__sprig_lhs_begin(), &E)). The IR is
// the same as C++'s (a reference is a pointer there): the identity takes and returns
// the target's address, and the store goes through what it returns. Clang evaluates a
// C scalar assignment's right side first, as C++17 does (a struct's target comes first,
// which the IR pass leaves where it is).
Expr *MarkerCalls::bracketTarget(Expr *E) {
  ASTContext &C = ctx();
  FunctionDecl *B = voidMarker(lhsBeginFn, markers::LhsBegin, true);
  SourceLocation L = E->getExprLoc();
  if (isC()) {
    QualType PT = C.getPointerType(E->getType());
    Expr *Addr = UnaryOperator::Create(C, E, UO_AddrOf, PT, VK_PRValue, OK_Ordinary, L,
                                       false, FPOptionsOverride());
    Expr *Comma = BinaryOperator::Create(C, callTo(B, {}, L), Addr, BO_Comma, PT,
                                         VK_PRValue, OK_Ordinary, L, FPOptionsOverride());
    Expr *Id = identity(Comma, markers::LhsPrefix.str() + std::to_string(lhsCounter++));
    return UnaryOperator::Create(C, Id, UO_Deref, E->getType(), VK_LValue, OK_Ordinary, L,
                                 false, FPOptionsOverride());
  }
  Expr *Comma =
      BinaryOperator::Create(C, callTo(B, {}, L), E, BO_Comma, E->getType(),
                             E->getValueKind(), E->getObjectKind(), L, FPOptionsOverride());
  return identity(Comma, markers::LhsPrefix.str() + std::to_string(lhsCounter++));
}

Expr *MarkerCalls::identity(Expr *E, const std::string &Name) {
  ASTContext &C = ctx();
  QualType T = E->getType();
  QualType Param;
  ExprValueKind VK = E->getValueKind();
  SPRIG_ASSERT(VK == VK_PRValue || !isC(), "C has no references: identities take values");
  if (VK == VK_PRValue)
    Param = T;
  else if (VK == VK_LValue)
    Param = C.getLValueReferenceType(T);
  else
    Param = C.getRValueReferenceType(T);
  FunctionDecl *FD = makeFunction(Name, Param, {Param}, true);
  ParmVarDecl *P = FD->getParamDecl(0);
  Expr *Ref = DeclRefExpr::Create(C, NestedNameSpecifierLoc(), SourceLocation(), P, false,
                                  SourceLocation(), T.getNonReferenceType(), VK_LValue);
  Expr *RetE = Ref;
  if (VK == VK_PRValue)
    RetE = ImplicitCastExpr::Create(C, T, CK_LValueToRValue, Ref, nullptr, VK_PRValue,
                                    FPOptionsOverride());
  else if (VK == VK_XValue)
    RetE = ImplicitCastExpr::Create(C, T, CK_NoOp, Ref, nullptr, VK_XValue,
                                    FPOptionsOverride());
  setBody(FD, ReturnStmt::Create(C, SourceLocation(), RetE, nullptr));
  return callTo(FD, {E}, E->getExprLoc());
}

// Tag the spawned call (Legality.cpp's tagSite says which operand).
void MarkerCalls::tagCall(CallExpr *CE) {
  switch (tagSite(CE)) {
  case TagSite::PtrMemObject: {
    auto *BO = cast<BinaryOperator>(CE->getCallee()->IgnoreParens());
    BO->setLHS(tag(BO->getLHS()));  // (obj.*pmf)(args), (p->*pmf)(args)
    return;
  }
  case TagSite::MemberBase: {
    auto *ME = cast<MemberExpr>(cast<CXXMemberCallExpr>(CE)->getCallee()->IgnoreParens());
    ME->setBase(tag(ME->getBase()));
    return;
  }
  case TagSite::OperatorObject: {
    auto *OC = cast<CXXOperatorCallExpr>(CE);
    OC->setArg(0, tag(OC->getArg(0)));
    return;
  }
  case TagSite::Callee:
    CE->setCallee(tag(CE->getCallee()));
    return;
  case TagSite::None:
    llvm_unreachable("checkSpawnForm rejects calls without a tag site");
  }
}

Stmt *MarkerCalls::block(llvm::ArrayRef<Stmt *> Stmts, SourceLocation L) {
  return CompoundStmt::Create(ctx(), Stmts, FPOptionsOverride(), L, L);
}

// The cleanup of a local reducer (ReducerChecks.h): declared, never defined here.
FunctionDecl *MarkerCalls::reducerScopeEnd() {
  if (!scopeEndFn) {
    ASTContext &C = ctx();
    FunctionProtoType::ExtProtoInfo EPI;
    if (!isC())
      EPI.ExceptionSpec.Type = EST_BasicNoexcept;
    QualType PP = C.getPointerType(C.VoidPtrTy);
    QualType FT = C.getFunctionType(C.VoidTy, {PP}, EPI);
    DeclContext *DC = markerContext();
    scopeEndFn =
        FunctionDecl::Create(C, DC, SourceLocation(), SourceLocation(),
                             DeclarationName(&C.Idents.get("__sprig_reducer_scope_end")),
                             FT, C.getTrivialTypeSourceInfo(FT), SC_Extern);
    scopeEndFn->setImplicit();
    auto *P = ParmVarDecl::Create(C, scopeEndFn, SourceLocation(), SourceLocation(),
                                  &C.Idents.get("p"), PP, C.getTrivialTypeSourceInfo(PP),
                                  SC_None, nullptr);
    P->setScopeInfo(0, 0);
    scopeEndFn->setParams({P});
    DC->addDecl(scopeEndFn);
  }
  return scopeEndFn;
}

}  // namespace sprig
