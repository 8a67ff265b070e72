//===- plugin/Rewrite.cpp - check spawns and syncs, rewrite them to markers ===//
//
// For every function body that will be emitted (not a template pattern), before CodeGen
// sees it:
//   [[sprig::spawn]] S;        ->  { __sprig_spawn_begin(N); S'; __sprig_spawn_end(N); }
//   (begin/end are not noexcept, so that in an EH scope they get landing pads into the
//   enclosing cleanups: the IR pass must see those as the parent's, not the statement's;
//   N is the spawn's id in the translation unit, which pairs a begin with its end)
//   [[sprig::spawn]] T x = e;  ->  T x = (__sprig_spawn_begin(N), e'),
//                                  int __sprig_end = __sprig_spawn_end_v(N);
//   [[sprig::sync]];           ->  __sprig_sync();
//   return e;                  ->  { __sprig_sync(); return e; }   (implicit sync, only in
//   end of body                ->  __sprig_sync();                  functions that spawn)
// S' / e' is the statement with its spawned call *tagged*: one operand that only the
// spawned call uses (its callee pointer, or its object) passes through an identity
// function __sprig_tag_N, so the IR pass can find exactly that call and put the detach
// right before it (arguments, callee and assignment target evaluated first, as in Cilk).
// The implicit sync runs before the return value is computed and before any local is
// destroyed; waiting earlier than Cilk's "after the return value" only costs parallelism
// in the return expression, never changes a result.
//
// All markers are extern "C" constexpr functions created here (so a constexpr function
// with a spawn still constant-evaluates, serially); CodeGen only declares them and the
// IR pass (LowerSpawns.cpp) replaces every call.
//===----------------------------------------------------------------------===//
#include "Rewrite.h"
#include "Diagnostics.h"
#include "Legality.h"
#include "Markers.h"
#include "ParallelFor.h"
#include "SpawnUses.h"
#include "Annotations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallVector.h"
#include <map>

using namespace clang;

namespace sprig {

struct SpawnRewriter::Impl {
  CompilerInstance &CI;
  std::set<const FunctionDecl *> done;
  // Results of legality checks by (location, check): a template's instantiations share
  // their source, and each error is reported once.
  std::map<std::pair<unsigned, unsigned>, bool> checked;
  template <typename CheckFn> bool once(SourceLocation L, unsigned Check, CheckFn Fn) {
    auto [It, New] = checked.try_emplace({L.getRawEncoding(), Check}, true);
    if (New)
      It->second = Fn();
    return It->second;
  }
  LinkageSpecDecl *cBlock = nullptr;
  FunctionDecl *beginFn = nullptr, *endFn = nullptr, *endValFn = nullptr, *syncFn = nullptr;
  FunctionDecl *lhsBeginFn = nullptr;
  FunctionDecl *pforBeginFn = nullptr, *pforIndexFn = nullptr, *pforCatchFn = nullptr,
               *pforEndFn = nullptr;
  unsigned loopCounter = 0;
  unsigned tagCounter = 0, lhsCounter = 0, spawnCounter = 0;

  explicit Impl(CompilerInstance &CI) : CI(CI) {}
  ASTContext &ctx() { return CI.getASTContext(); }

  // ---- building marker functions and calls ----

  LinkageSpecDecl *externC() {
    if (!cBlock) {
      TranslationUnitDecl *TU = ctx().getTranslationUnitDecl();
      cBlock = LinkageSpecDecl::Create(ctx(), TU, SourceLocation(), SourceLocation(),
                                       LinkageSpecLanguageIDs::C, /*HasBraces=*/true);
      cBlock->setImplicit();
      TU->addDecl(cBlock);
    }
    return cBlock;
  }

  // extern "C" constexpr Ret Name(Params...) [noexcept] { Body }
  FunctionDecl *makeFunction(llvm::StringRef Name, QualType Ret,
                             llvm::ArrayRef<QualType> Params, bool NoExcept,
                             bool Constexpr = true) {
    ASTContext &C = ctx();
    FunctionProtoType::ExtProtoInfo EPI;
    if (NoExcept)
      EPI.ExceptionSpec.Type = EST_BasicNoexcept;
    QualType FT = C.getFunctionType(Ret, Params, EPI);
    DeclContext *DC = externC();
    FunctionDecl *FD = FunctionDecl::Create(
        C, DC, SourceLocation(), SourceLocation(), DeclarationName(&C.Idents.get(Name)), FT,
        C.getTrivialTypeSourceInfo(FT), SC_None, /*UsesFPIntrin=*/false,
        /*isInlineSpecified=*/true, /*hasWrittenPrototype=*/true,
        Constexpr ? ConstexprSpecKind::Constexpr : ConstexprSpecKind::Unspecified);
    FD->setImplicit();
    llvm::SmallVector<ParmVarDecl *, 2> Parms;
    for (unsigned I = 0; I < Params.size(); ++I) {
      auto *P = ParmVarDecl::Create(
          C, FD, SourceLocation(), SourceLocation(), &C.Idents.get("p"), Params[I],
          C.getTrivialTypeSourceInfo(Params[I]), SC_None, nullptr);
      P->setScopeInfo(0, I);
      Parms.push_back(P);
    }
    FD->setParams(Parms);
    DC->addDecl(FD);
    return FD;
  }

  void setBody(FunctionDecl *FD, Stmt *Ret) {
    llvm::SmallVector<Stmt *, 1> Body;
    if (Ret)
      Body.push_back(Ret);
    FD->setBody(CompoundStmt::Create(ctx(), Body, FPOptionsOverride(), SourceLocation(),
                                     SourceLocation()));
  }

  FunctionDecl *voidMarker(FunctionDecl *&Cache, llvm::StringRef Name, bool NoExcept) {
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
  FunctionDecl *idMarker(FunctionDecl *&Cache, llvm::StringRef Name, bool ReturnsInt) {
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
  Expr *idCall(FunctionDecl *FD, unsigned Id, SourceLocation L) {
    Expr *Arg = IntegerLiteral::Create(ctx(), llvm::APInt(32, Id), ctx().IntTy, L);
    return callTo(FD, {Arg}, L);
  }

  // The parallel loop's markers (Markers.h). Begin, index and catch are noexcept (calls:
  // the region they bound has no exception edge out, its own try/catch keeps them in);
  // end is not, so that in an EH scope it is an invoke into the enclosing cleanups: the
  // place the loop's exception is rethrown.
  LoopMarkers loopMarkers(FunctionDecl *Sync) {
    ASTContext &C = ctx();
    QualType Size = C.getSizeType();
    if (!pforBeginFn) {
      // Not constexpr (unlike the spawn markers): a constant evaluation of a function with
      // a parallel loop (an implicitly constexpr lambda) must fail, not run iteration 0.
      pforBeginFn = makeFunction(markers::LoopBegin, C.VoidTy, {C.IntTy, Size, Size}, true,
                                 /*Constexpr=*/false);
      setBody(pforBeginFn, nullptr);
      pforIndexFn = makeFunction(markers::LoopIndex, Size, {C.IntTy}, true);
      setBody(pforIndexFn,
              ReturnStmt::Create(C, SourceLocation(),
                                 IntegerLiteral::Create(C, llvm::APInt(C.getIntWidth(Size), 0),
                                                        Size, SourceLocation()),
                                 nullptr));
      pforCatchFn = makeFunction(markers::LoopCatch, C.VoidTy, {C.IntTy}, true);
      setBody(pforCatchFn, nullptr);
      pforEndFn = makeFunction(markers::LoopEnd, C.VoidTy, {C.IntTy}, false);
      setBody(pforEndFn, nullptr);
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
    M.sync = [this, Sync, L]() { return callTo(Sync, {}, L); };
    return M;
  }

  Expr *callTo(FunctionDecl *FD, llvm::ArrayRef<Expr *> Args, SourceLocation Loc) {
    ASTContext &C = ctx();
    auto *Ref = DeclRefExpr::Create(C, NestedNameSpecifierLoc(), SourceLocation(), FD,
                                    false, Loc, FD->getType(), VK_LValue);
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
  Expr *tag(Expr *E) {
    return identity(E, markers::TagPrefix.str() + std::to_string(tagCounter++));
  }

  // The assignment target, bracketed: __sprig_lhs_N((__sprig_lhs_begin(), E)). C++17
  // evaluates it after the call; the IR pass moves the bracketed code before the call,
  // so it runs after the arguments and before the detach (Cilk's rule; the serial
  // elision's order of arguments then target is kept).
  Expr *bracketTarget(Expr *E) {
    ASTContext &C = ctx();
    FunctionDecl *B = voidMarker(lhsBeginFn, markers::LhsBegin, true);
    Expr *Comma = BinaryOperator::Create(
        C, callTo(B, {}, E->getExprLoc()), E, BO_Comma, E->getType(), E->getValueKind(),
        E->getObjectKind(), E->getExprLoc(), FPOptionsOverride());
    return identity(Comma, markers::LhsPrefix.str() + std::to_string(lhsCounter++));
  }

  Expr *identity(Expr *E, const std::string &Name) {
    ASTContext &C = ctx();
    QualType T = E->getType();
    QualType Param;
    ExprValueKind VK = E->getValueKind();
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
  void tagCall(CallExpr *CE) {
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

  Stmt *block(llvm::ArrayRef<Stmt *> Stmts, SourceLocation L) {
    return CompoundStmt::Create(ctx(), Stmts, FPOptionsOverride(), L, L);
  }

  static void dropSpawnAnnotation(VarDecl *V) {
    AttrVec &Attrs = V->getAttrs();
    Attrs.erase(std::remove_if(Attrs.begin(), Attrs.end(),
                               [](Attr *A) {
                                 auto *AA = dyn_cast<AnnotateAttr>(A);
                                 return AA && AA->getAnnotation() == kSpawnAnnotation;
                               }),
                Attrs.end());
    if (Attrs.empty())
      V->dropAttrs();
  }

  // ---- per function ----

  // ---- local reducers: unregistered where their scope ends ----
  //   [[sprig::reducer(id, red)]] T x = e;  ->  T x = e, *__sprig_reducer_scope
  //                                             __attribute__((cleanup(
  //                                               __sprig_reducer_scope_end))) = &x;
  // The extra declarator is destroyed just before x, on every way out of its scope
  // (exceptions too): the runtime reduces this strand's view of x, if it has one, into
  // x and forgets x (runtime/reducer.cpp). Its registration is the IR pass's
  // (plugin/Reducers.h), at x's annotation, before x's initialization.
  FunctionDecl *scopeEndFn = nullptr;
  FunctionDecl *reducerScopeEnd() {
    if (!scopeEndFn) {
      ASTContext &C = ctx();
      FunctionProtoType::ExtProtoInfo EPI;
      EPI.ExceptionSpec.Type = EST_BasicNoexcept;
      QualType PP = C.getPointerType(C.VoidPtrTy);
      QualType FT = C.getFunctionType(C.VoidTy, {PP}, EPI);
      DeclContext *DC = externC();
      scopeEndFn = FunctionDecl::Create(
          C, DC, SourceLocation(), SourceLocation(),
          DeclarationName(&C.Idents.get("__sprig_reducer_scope_end")), FT,
          C.getTrivialTypeSourceInfo(FT), SC_Extern);
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
    if (auto *IC = dyn_cast<ImplicitCastExpr>(E); IC && IC->getCastKind() == CK_LValueToRValue)
      return nullptr;  // read by value
    if (auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && isReducerVar(DRE->getDecl()))
      return DRE;
    for (Stmt *Ch : E->children())
      if (auto *CE = dyn_cast_or_null<Expr>(Ch))
        if (DeclRefExpr *R = reducerByReference(CE))
          return R;
    return nullptr;
  }

  // The misuses of reducer variables that the IR rewrite cannot make right: a lambda
  // that captures a local one by reference would keep one strand's view (the one that
  // made the lambda), and so would a spawned call given its address or a reference
  // (the child would update the parent's view).
  bool checkReducerUses(FunctionDecl *FD) {
    struct Finder : RecursiveASTVisitor<Finder> {
      Impl &P;
      bool OK = true;
      explicit Finder(Impl &P) : P(P) {}
      bool VisitLambdaExpr(LambdaExpr *LE) {
        for (const LambdaCapture &Cap : LE->captures())
          if (Cap.capturesVariable() && Cap.getCaptureKind() == LCK_ByRef &&
              isReducerVar(Cap.getCapturedVar())) {
            SourceLocation L = Cap.getLocation();
            std::string Name = Cap.getCapturedVar()->getNameAsString();
            OK &= P.once(L, 3, [&] {
              report(P.CI.getDiagnostics(), L, Diag::ReducerCapturedByReference) << Name;
              return false;
            });
          }
        return true;
      }
    } F(*this);
    F.TraverseStmt(FD->getBody());
    return F.OK;
  }

  bool checkSpawnedReducerArgs(CallExpr *Call) {
    llvm::SmallVector<Expr *, 8> Es(Call->arguments());
    // (An operator call's object is its argument 0, among the arguments.)
    if (auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      Es.push_back(MC->getImplicitObjectArgument());
    for (Expr *E : Es)
      if (DeclRefExpr *R = reducerByReference(E)) {
        SourceLocation L = R->getLocation();
        std::string Name = R->getDecl()->getNameAsString();
        return once(L, 4, [&] {
          report(CI.getDiagnostics(), L, Diag::ReducerInSpawnArgument) << Name;
          return false;
        });
      }
    return true;
  }

  void guardLocalReducers(FunctionDecl *FD) {
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
    ASTContext &C = ctx();
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
        auto *Addr = UnaryOperator::Create(C, Ref, UO_AddrOf, C.getPointerType(V->getType()),
                                           VK_PRValue, OK_Ordinary, L, false,
                                           FPOptionsOverride());
        auto *AsVoid = ImplicitCastExpr::Create(C, C.VoidPtrTy, CK_BitCast, Addr, nullptr,
                                                VK_PRValue, FPOptionsOverride());
        auto *G = VarDecl::Create(C, V->getDeclContext(), L, L,
                                  &C.Idents.get("__sprig_reducer_scope"), C.VoidPtrTy,
                                  C.getTrivialTypeSourceInfo(C.VoidPtrTy), SC_None);
        G->setInit(AsVoid);
        G->setImplicit();
        G->addAttr(CleanupAttr::CreateImplicit(C, reducerScopeEnd()));
        Decls.push_back(G);
      }
      DS->setDeclGroup(DeclGroupRef(DeclGroup::Create(C, Decls.data(), Decls.size())));
    }
  }

  void processFunction(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !done.insert(FD).second)
      return;
    Stmt *Body = FD->getBody();
    if (!Body)
      return;
    if (!FD->isDependentContext()) {
      if (!checkReducerUses(FD))
        return;
      guardLocalReducers(FD);
    }
    Collector Col;
    Stmt *Root = Body;
    Col.walk(Root);
    if (Col.uses.empty())
      return;
    bool Dependent = FD->isDependentContext();
    bool Coroutine = isa<CoroutineBodyStmt>(Body);
    bool OK = true;
    struct Spawn {
      Use use;
      SpawnForm form;
    };
    llvm::SmallVector<Spawn, 8> Spawns;
    llvm::SmallVector<LoopForm, 4> Loops;
    for (Use &U : Col.uses) {
      if (U.kind == Use::Return)
        continue;
      SourceLocation Loc = U.stmt->getBeginLoc();
      if (U.kind == Use::LoneGrainsize) {
        if (auto *A = annotation(cast<AttributedStmt>(U.stmt), kGrainsizeAnnotation))
          Loc = A->getLocation();
        once(Loc, 0, [&] {
          report(CI.getDiagnostics(), Loc, Diag::GrainsizeWithoutParallelFor);
          return false;
        });
        OK = false;
        continue;
      }
      if (U.kind == Use::ParallelFor) {
        auto *AS = cast<AttributedStmt>(U.stmt);
        if (auto *A = annotation(AS, kParallelForAnnotation))
          Loc = A->getLocation();
        if (!once(Loc, 0, [&] {
              DiagnosticsEngine &D = CI.getDiagnostics();
              if (Coroutine)
                report(D, Loc, Diag::InCoroutine) << "sprig::parallel_for";
              else if (U.inStmtExpr)
                report(D, Loc, Diag::InStatementExpression) << "sprig::parallel_for";
              else if (U.inCatch)
                report(D, Loc, Diag::ParallelForInCatch);
              // A lambda's call operator is constexpr by itself when it can be (C++17):
              // only a constant evaluation of it fails (a non-constexpr marker).
              else if (FD->isConsteval() ||
                       (FD->isConstexpr() && !isLambdaCallOperator(FD)))
                report(D, Loc, Diag::ParallelForConstexpr);
              else
                return true;
              return false;
            })) {
          OK = false;
          continue;
        }
        if (Dependent)
          continue;  // checked on each instantiation
        std::optional<LoopForm> LF;
        if (!once(Loc, 2, [&] {
              LF = classifyParallelFor(CI.getDiagnostics(), AS, Loc);
              return LF.has_value();
            })) {
          OK = false;
          continue;
        }
        if (!LF)  // an instantiation of a template whose first instantiation passed
          LF = classifyParallelFor(CI.getDiagnostics(), AS, Loc);
        if (!LF) {
          OK = false;
          continue;
        }
        Loops.push_back(*LF);
        continue;
      }
      if (U.kind == Use::SpawnStmt)
        if (auto *A = annotation(cast<AttributedStmt>(U.stmt), kSpawnAnnotation))
          Loc = A->getLocation();
      if (U.kind == Use::Sync)
        if (auto *A = annotation(cast<AttributedStmt>(U.stmt), kSyncAnnotation))
          Loc = A->getLocation();
      if (!once(Loc, 0, [&] {
            return checkUseContext(CI.getDiagnostics(), Loc, U.kind == Use::Sync, Coroutine,
                                   U.inStmtExpr, U.inCatch);
          })) {
        OK = false;
        continue;
      }
      if (U.kind == Use::Sync)
        continue;
      std::optional<SpawnForm> F;
      if (U.kind == Use::SpawnStmt) {
        Stmt *Sub = cast<AttributedStmt>(U.stmt)->getSubStmt();
        if (Dependent && isa<Expr>(Sub) && cast<Expr>(Sub)->isTypeDependent())
          continue;  // checked on each instantiation
        F = classifySpawnStmt(Sub, Loc, CI.getDiagnostics());
      } else {
        if (Dependent && (U.var->getType()->isDependentType() ||
                          (U.var->getInit() && U.var->getInit()->isTypeDependent())))
          continue;
        F = classifySpawnDecl(U.var, cast<DeclStmt>(U.stmt), U.var->getLocation(),
                              CI.getDiagnostics());
      }
      if (!F) {
        OK = false;
        continue;
      }
      Spawns.push_back({U, *F});
    }
    if (!OK || Dependent)
      return;
    // What needs the complete form (call shape, bit-field target): every spawn, then
    // rewrite only if all are fine.
    for (Spawn &S : Spawns)
      OK &= once(S.form.call->getExprLoc(), 1,
                 [&] { return checkSpawnForm(CI.getDiagnostics(), S.form); }) &&
            checkSpawnedReducerArgs(S.form.call);
    if (!OK || CI.getDiagnostics().hasErrorOccurred())
      return;

    ASTContext &C = ctx();
    if (!Col.hasSpawn && Loops.empty()) {
      // Syncs in a function that never spawns wait for nothing: drop them.
      for (Use &U : Col.uses)
        if (U.kind == Use::Sync)
          *U.slot = new (C) NullStmt(U.stmt->getBeginLoc());
      return;
    }
    // Whether each loop's body spawns (before the spawns below are rewritten).
    llvm::SmallVector<bool, 4> LoopSpawns;
    for (LoopForm &LF : Loops)
      LoopSpawns.push_back(containsSpawn(LF.loop->getBody()));
    // Not noexcept: where the spawn sits in an EH scope, Clang then gives the markers
    // landing pads into the enclosing scopes' cleanups, which marks those cleanups as
    // reachable from outside the statement, so the IR pass leaves them to the parent.
    FunctionDecl *Begin = idMarker(beginFn, markers::SpawnBegin, false);
    FunctionDecl *End = idMarker(endFn, markers::SpawnEnd, false);
    FunctionDecl *EndV = idMarker(endValFn, markers::SpawnEndValue, true);
    FunctionDecl *Sync = voidMarker(syncFn, markers::Sync, /*NoExcept=*/false);

    for (Spawn &S : Spawns) {
      SourceLocation L = S.use.stmt->getBeginLoc();
      unsigned Id = spawnCounter++;
      if (Expr *E = assignment(S.form)) {
        if (auto *BO = dyn_cast<BinaryOperator>(E))
          BO->setLHS(bracketTarget(BO->getLHS()));
        else if (auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
          OC->setArg(0, bracketTarget(OC->getArg(0)));
      }
      tagCall(S.form.call);
      if (S.form.kind == SpawnForm::Decl) {
        VarDecl *V = S.form.var;
        Expr *Init = V->getInit();
        Expr *Inner = Init;
        auto *EWC = dyn_cast<ExprWithCleanups>(Init);
        if (EWC)
          Inner = EWC->getSubExpr();
        // T x{e} (scalar T): the begin marker goes inside the braces.
        auto *IL = dyn_cast<InitListExpr>(Inner);
        if (IL && IL->getNumInits() == 1)
          Inner = IL->getInit(0);
        Expr *Comma = BinaryOperator::Create(
            C, idCall(Begin, Id, L), Inner, BO_Comma, Inner->getType(),
            Inner->getValueKind(), Inner->getObjectKind(), L, FPOptionsOverride());
        if (IL && IL->getNumInits() == 1)
          IL->setInit(0, Comma);
        else if (EWC)
          EWC->setSubExpr(Comma);
        else
          V->setInit(Comma);
        dropSpawnAnnotation(V);
        // The end marker: an extra declarator, so x keeps its scope and lifetime.
        auto *EndVar =
            VarDecl::Create(C, FD, L, L, &C.Idents.get(markers::SpawnEndVar), C.IntTy,
                            C.getTrivialTypeSourceInfo(C.IntTy), SC_None);
        EndVar->setInit(idCall(EndV, Id, L));
        EndVar->setImplicit();
        auto *DS = cast<DeclStmt>(S.use.stmt);
        llvm::SmallVector<Decl *, 2> Decls(DS->decl_begin(), DS->decl_end());
        Decls.push_back(EndVar);
        *S.use.slot =
            new (C) DeclStmt(DeclGroupRef(DeclGroup::Create(C, Decls.data(), Decls.size())),
                             DS->getBeginLoc(), DS->getEndLoc());
      } else {
        auto *AS = cast<AttributedStmt>(S.use.stmt);
        Stmt *Sub = AS->getSubStmt();
        *S.use.slot = block({idCall(Begin, Id, L), Sub, idCall(End, Id, L)}, L);
      }
    }
    // A function whose spawns all sit in parallel loop bodies does not spawn itself (the
    // bodies become functions of their own in IR): its syncs outside the loops wait for
    // nothing, and it has no implicit sync.
    for (Use &U : Col.uses) {
      SourceLocation L = U.stmt->getBeginLoc();
      if (U.kind == Use::Sync)
        *U.slot = (Col.hasSpawn || U.inParallelFor)
                      ? static_cast<Stmt *>(callTo(Sync, {}, L))
                      : new (C) NullStmt(L);
      else if (U.kind == Use::Return && Col.hasSpawn)
        *U.slot = block({callTo(Sync, {}, L), U.stmt}, L);
    }
    // Parallel loops, innermost first (a nested loop's slot is in its parent's body).
    for (size_t I = Loops.size(); I-- > 0;) {
      Stmt **Slot = nullptr;
      for (Use &U : Col.uses)
        if (U.stmt == Loops[I].stmt)
          Slot = U.slot;
      Stmt *New = rewriteParallelFor(CI.getSema(), FD, Loops[I], loopCounter++, LoopSpawns[I],
                                     loopMarkers(Sync));
      if (!New)
        return;
      *Slot = New;
    }
    if (!Col.hasSpawn)
      return;
    // Implicit sync at the end of the body (falling off the end).
    if (auto *CS = dyn_cast<CompoundStmt>(FD->getBody())) {
      llvm::SmallVector<Stmt *, 16> Stmts(CS->body_begin(), CS->body_end());
      Stmts.push_back(callTo(Sync, {}, CS->getRBracLoc()));
      FD->setBody(CompoundStmt::Create(C, Stmts, CS->getStoredFPFeaturesOrDefault(),
                                       CS->getLBracLoc(), CS->getRBracLoc()));
    } else if (auto *Try = dyn_cast<CXXTryStmt>(FD->getBody())) {
      // function-try-block: sync at the end of the try block
      CompoundStmt *TB = Try->getTryBlock();
      llvm::SmallVector<Stmt *, 16> Stmts(TB->body_begin(), TB->body_end());
      Stmts.push_back(callTo(Sync, {}, TB->getRBracLoc()));
      *Try->child_begin() =
          CompoundStmt::Create(C, Stmts, TB->getStoredFPFeaturesOrDefault(),
                               TB->getLBracLoc(), TB->getRBracLoc());
    }
  }
};

namespace {
struct FunctionFinder : RecursiveASTVisitor<FunctionFinder> {
  SpawnRewriter::Impl &P;
  explicit FunctionFinder(SpawnRewriter::Impl &P) : P(P) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    P.processFunction(FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    if (CXXMethodDecl *M = LE->getCallOperator())
      P.processFunction(M);
    return true;
  }
};
}  // namespace

SpawnRewriter::SpawnRewriter(CompilerInstance &CI) : P(new Impl(CI)) {}
SpawnRewriter::~SpawnRewriter() { delete P; }

void SpawnRewriter::processDecl(Decl *D) {
  FunctionFinder F(*P);
  F.TraverseDecl(D);
}

}  // namespace sprig
