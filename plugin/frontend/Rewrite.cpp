//===- plugin/frontend/Rewrite.cpp - check spawns and syncs, rewrite them to markers ===//
//
// For every function body that will be emitted (not a template pattern), before CodeGen
// sees it:
//   [[sprig::spawn]] S;        ->  { __sprig_spawn_begin(N); S'; __sprig_spawn_end(N); }
//   (begin/end are not noexcept, so that in an EH scope they get landing pads into the
//   enclosing cleanups: the IR pass must see those as the parent's, not the statement's;
//   N is the spawn's id in the translation unit, which pairs a begin with its end)
//   [[sprig::spawn]] T x = e;  ->  T x = (__sprig_spawn_begin(N), e'),
//                                  int __sprig_end = __sprig_spawn_end_v(N);
//   [[sprig::spawn]] { B }     ->  { __sprig_spawn_begin(N);
//                                    __sprig_tag_N(__sprig_spawn_block)(); B;
//                                    __sprig_spawn_end(N); }   (the block is the child)
//   [[sprig::sync]];           ->  __sprig_sync();
//   [[sprig::scope]] { ..; S } ->  { ..; { S; __sprig_scope_exit(K); } }, and a break,
//                                  continue or goto leaving scopes K1 (innermost) .. Kn
//                                  -> { __sprig_scope_exit(K1); ..; __sprig_scope_exit(Kn);
//                                  jump; }; a spawn N directly in scope K starts with
//                                  __sprig_spawn_scope(N, K) before its begin marker
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
// The marker functions and calls are built by MarkerCalls.h; the checks of each use are
// Legality.h's, ParallelFor.h's and ReducerChecks.h's, each reported once per source
// location (CheckOnce, Diagnostics.h).
//===----------------------------------------------------------------------===//
#include "Rewrite.h"
#include "Annotations.h"
#include "Assert.h"
#include "Diagnostics.h"
#include "Legality.h"
#include "MarkerCalls.h"
#include "Markers.h"
#include "ParallelFor.h"
#include "ReducerChecks.h"
#include "SpawnUses.h"
#include "ThreadBound.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace sprig {

struct SpawnRewriter::Impl {
  CompilerInstance &CI;
  std::set<const FunctionDecl *> done;
  CheckOnce Once;
  std::set<std::pair<unsigned, unsigned>> warned;  // ThreadBound.h's, once per location
  MarkerCalls Markers;
  unsigned loopCounter = 0, spawnCounter = 0, scopeCounter = 0;
  // The ids of the scopes of the function being rewritten (Markers.h, scope_exit).
  llvm::DenseMap<const Stmt *, unsigned> scopeIds;

  explicit Impl(CompilerInstance &CI) : CI(CI), Markers(CI) {}

  // A spawn whose form passed the checks.
  struct Spawn {
    Use use;
    SpawnForm form;
  };

  // Check (and, where the function will be emitted, rewrite) FD's body.
  void processFunction(FunctionDecl *FD);
  // Every use of the attributes in FD's body (collected in Col): where it is used and
  // its form; the spawns and parallel loops to rewrite. False if FD is not rewritten
  // (an error was reported, or FD is a template pattern).
  bool checkUses(FunctionDecl *FD, Collector &Col, llvm::SmallVectorImpl<Spawn> &Spawns,
                 llvm::SmallVectorImpl<LoopForm> &Loops);
  // The begin marker of spawn Id, after the spawn's scope marker if it is in a scope.
  Expr *beginCall(FunctionDecl *Begin, unsigned Id, const Spawn &S, SourceLocation L);
  // The markers around one spawned statement or declaration.
  void rewriteSpawn(FunctionDecl *FD, Spawn &S, FunctionDecl *Begin, FunctionDecl *End,
                    FunctionDecl *EndV);
  // The spawns, syncs, returns and parallel loops of a checked FD, then its implicit
  // sync at the end.
  void rewriteFunction(FunctionDecl *FD, Collector &Col,
                       llvm::SmallVectorImpl<Spawn> &Spawns,
                       llvm::SmallVectorImpl<LoopForm> &Loops);
};

static void dropAnnotation(VarDecl *V, llvm::StringRef Name) {
  if (!V->hasAttrs())
    return;
  AttrVec &Attrs = V->getAttrs();
  Attrs.erase(std::remove_if(Attrs.begin(), Attrs.end(),
                             [&](Attr *A) {
                               auto *AA = dyn_cast<AnnotateAttr>(A);
                               return AA && AA->getAnnotation() == Name;
                             }),
              Attrs.end());
  if (Attrs.empty())
    V->dropAttrs();
}

void SpawnRewriter::Impl::processFunction(FunctionDecl *FD) {
  if (!FD->doesThisDeclarationHaveABody() || !done.insert(FD).second)
    return;
  Stmt *Body = FD->getBody();
  if (!Body)
    return;
  if (!FD->isDependentContext()) {
    if (!checkReducerUses(FD, Once, CI.getDiagnostics()))
      return;
    guardLocalReducers(FD, Markers);
  }
  Collector Col;
  Stmt *Root = Body;
  Col.walk(Root);
  Col.resolveGotos();
  if (!FD->isDependentContext()) {
    // (Each instantiation of a template is scanned; its pattern keeps the annotations
    // for the instantiations to come.)
    if (llvm::any_of(Col.uses, [](const Use &U) {
          return U.kind == Use::SpawnStmt || U.kind == Use::SpawnDecl;
        }))
      warnThreadBound(FD, CI.getDiagnostics(), warned);
    for (VarDecl *V : Col.allowVars)
      dropAnnotation(V, kAllowThreadBoundAnnotation);
  }
  if (Col.uses.empty())
    return;
  llvm::SmallVector<Spawn, 8> Spawns;
  llvm::SmallVector<LoopForm, 4> Loops;
  if (checkUses(FD, Col, Spawns, Loops))
    rewriteFunction(FD, Col, Spawns, Loops);
}

bool SpawnRewriter::Impl::checkUses(FunctionDecl *FD, Collector &Col,
                                    llvm::SmallVectorImpl<Spawn> &Spawns,
                                    llvm::SmallVectorImpl<LoopForm> &Loops) {
  bool Dependent = FD->isDependentContext();
  bool Coroutine = isa<CoroutineBodyStmt>(FD->getBody());
  bool OK = true;
  for (Use &U : Col.uses) {
    if (U.kind == Use::Return || U.kind == Use::ScopeJump)
      continue;
    SourceLocation Loc = U.stmt->getBeginLoc();
    if (U.kind == Use::Scope) {
      if (auto *A = annotation(cast<AttributedStmt>(U.stmt), kScopeAnnotation))
        Loc = A->getLocation();
      // Where a sync may be: not in a coroutine, nor in a statement expression.
      if (!Once(Loc, CheckOnce::Context, [&] {
            DiagnosticsEngine &D = CI.getDiagnostics();
            if (Coroutine)
              report(D, Loc, Diag::InCoroutine) << "sprig::scope";
            else if (U.inStmtExpr)
              report(D, Loc, Diag::InStatementExpression) << "sprig::scope";
            else
              return true;
            return false;
          }))
        OK = false;
      continue;
    }
    if (U.kind == Use::LoneGrainsize) {
      if (auto *A = annotation(cast<AttributedStmt>(U.stmt), kGrainsizeAnnotation))
        Loc = A->getLocation();
      Once(Loc, CheckOnce::Context, [&] {
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
      if (!Once(Loc, CheckOnce::Context, [&] {
            DiagnosticsEngine &D = CI.getDiagnostics();
            if (Coroutine)
              report(D, Loc, Diag::InCoroutine) << "sprig::parallel_for";
            else if (U.inStmtExpr)
              report(D, Loc, Diag::InStatementExpression) << "sprig::parallel_for";
            else if (U.inCatch)
              report(D, Loc, Diag::ParallelForInCatch);
            // A lambda's call operator is constexpr by itself when it can be (C++17):
            // only a constant evaluation of it fails (a non-constexpr marker).
            else if (FD->isConsteval() || (FD->isConstexpr() && !isLambdaCallOperator(FD)))
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
      if (!Once(Loc, CheckOnce::LoopForm, [&] {
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
    auto *Block = U.kind == Use::SpawnStmt
                      ? dyn_cast<CompoundStmt>(cast<AttributedStmt>(U.stmt)->getSubStmt())
                      : nullptr;
    if (!Once(Loc, CheckOnce::Context, [&] {
          // A spawned block's own misuses (co_await in it) say more than "in a
          // coroutine".
          if (Block && !checkSpawnedBlock(CI.getDiagnostics(), Block, FD->getBody()))
            return false;
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
    return false;
  // What needs the complete form (call shape, bit-field target): every spawn, then
  // rewrite only if all are fine.
  for (Spawn &S : Spawns)
    if (S.form.kind != SpawnForm::Block)
      OK &= Once(S.form.call->getExprLoc(), CheckOnce::Form,
                 [&] { return checkSpawnForm(CI.getDiagnostics(), S.form); }) &&
            checkSpawnedReducerArgs(S.form.call, Once, CI.getDiagnostics());
  return OK && !CI.getDiagnostics().hasErrorOccurred();
}

Expr *SpawnRewriter::Impl::beginCall(FunctionDecl *Begin, unsigned Id, const Spawn &S,
                                     SourceLocation L) {
  Expr *B = Markers.idCall(Begin, Id, L);
  auto It = S.use.scope ? scopeIds.find(S.use.scope) : scopeIds.end();
  if (It == scopeIds.end())
    return B;
  ASTContext &C = CI.getASTContext();
  Expr *K = IntegerLiteral::Create(C, llvm::APInt(32, It->second), C.IntTy, L);
  Expr *N = IntegerLiteral::Create(C, llvm::APInt(32, Id), C.IntTy, L);
  Expr *Mark = Markers.callTo(Markers.spawnScope(), {N, K}, L);
  return BinaryOperator::Create(C, Mark, B, BO_Comma, B->getType(), B->getValueKind(),
                                B->getObjectKind(), L, FPOptionsOverride());
}

void SpawnRewriter::Impl::rewriteSpawn(FunctionDecl *FD, Spawn &S, FunctionDecl *Begin,
                                       FunctionDecl *End, FunctionDecl *EndV) {
  ASTContext &C = CI.getASTContext();
  SourceLocation L = S.use.stmt->getBeginLoc();
  unsigned Id = spawnCounter++;
  if (S.form.kind == SpawnForm::Block) {
    // The child is a tagged call of the no-op __sprig_spawn_block() followed by the
    // block: the detach lands before that call, and the block runs in the helper.
    auto *Call = cast<CallExpr>(Markers.callTo(Markers.spawnBlock(), {}, L));
    Markers.tagCall(Call);
    *S.use.slot = Markers.block(
        {beginCall(Begin, Id, S, L), Call, S.form.stmt, Markers.idCall(End, Id, L)}, L);
    return;
  }
  if (Expr *E = assignment(S.form)) {
    if (auto *BO = dyn_cast<BinaryOperator>(E))
      BO->setLHS(Markers.bracketTarget(BO->getLHS()));
    else if (auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
      OC->setArg(0, Markers.bracketTarget(OC->getArg(0)));
  }
  Markers.tagCall(S.form.call);
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
    Expr *Comma = BinaryOperator::Create(C, beginCall(Begin, Id, S, L), Inner, BO_Comma,
                                         Inner->getType(), Inner->getValueKind(),
                                         Inner->getObjectKind(), L, FPOptionsOverride());
    if (IL && IL->getNumInits() == 1)
      IL->setInit(0, Comma);
    else if (EWC)
      EWC->setSubExpr(Comma);
    else
      V->setInit(Comma);
    dropAnnotation(V, kSpawnAnnotation);
    // The end marker: an extra declarator, so x keeps its scope and lifetime.
    auto *EndVar = VarDecl::Create(C, FD, L, L, &C.Idents.get(markers::SpawnEndVar),
                                   C.IntTy, C.getTrivialTypeSourceInfo(C.IntTy), SC_None);
    EndVar->setInit(Markers.idCall(EndV, Id, L));
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
    *S.use.slot =
        Markers.block({beginCall(Begin, Id, S, L), Sub, Markers.idCall(End, Id, L)}, L);
  }
}

void SpawnRewriter::Impl::rewriteFunction(FunctionDecl *FD, Collector &Col,
                                          llvm::SmallVectorImpl<Spawn> &Spawns,
                                          llvm::SmallVectorImpl<LoopForm> &Loops) {
  ASTContext &C = CI.getASTContext();
  if (!Col.hasSpawn && Loops.empty()) {
    // Syncs in a function that never spawns wait for nothing: drop them.
    // Scopes keep their blocks.
    for (Use &U : Col.uses)
      if (U.kind == Use::Sync)
        *U.slot = new (C) NullStmt(U.stmt->getBeginLoc());
      else if (U.kind == Use::Scope)
        *U.slot = cast<AttributedStmt>(U.stmt)->getSubStmt();
    return;
  }
  // Whether each loop's body spawns (before the spawns below are rewritten).
  llvm::SmallVector<bool, 4> LoopSpawns;
  for (LoopForm &LF : Loops)
    LoopSpawns.push_back(containsSpawn(LF.loop->getBody()));
  // (Not noexcept: MarkerCalls.h.)
  FunctionDecl *Begin = Markers.spawnBegin();
  FunctionDecl *End = Markers.spawnEnd();
  FunctionDecl *EndV = Markers.spawnEndValue();
  FunctionDecl *Sync = Markers.sync();
  scopeIds.clear();
  for (Use &U : Col.uses)
    if (U.kind == Use::Scope && (Col.hasSpawn || U.inParallelFor))
      scopeIds[U.stmt] = scopeCounter++;
  // The exits of the scopes a jump leaves, innermost first.
  auto ScopeExits = [&](const Use &U) {
    llvm::SmallVector<Stmt *, 4> Exits;
    for (Stmt *Sc : U.left)
      if (auto It = scopeIds.find(Sc); It != scopeIds.end())
        Exits.push_back(
            Markers.idCall(Markers.scopeExit(), It->second, U.stmt->getBeginLoc()));
    return Exits;
  };
  for (Spawn &S : Spawns)
    rewriteSpawn(FD, S, Begin, End, EndV);
  // A function whose spawns all sit in parallel loop bodies does not spawn itself (the
  // bodies become functions of their own in IR): its syncs outside the loops wait for
  // nothing, and it has no implicit sync.
  for (Use &U : Col.uses) {
    SourceLocation L = U.stmt->getBeginLoc();
    if (U.kind == Use::Sync)
      *U.slot = (Col.hasSpawn || U.inParallelFor)
                    ? static_cast<Stmt *>(Markers.callTo(Sync, {}, L))
                    : new (C) NullStmt(L);
    else if (U.kind == Use::Return && Col.hasSpawn)
      *U.slot = Markers.block({Markers.callTo(Sync, {}, L), U.stmt}, L);
    else if (U.kind == Use::ScopeJump && (Col.hasSpawn || U.inParallelFor)) {
      llvm::SmallVector<Stmt *, 4> Stmts = ScopeExits(U);
      Stmts.push_back(U.stmt);
      *U.slot = Markers.block(Stmts, L);
    }
  }
  // Scopes, innermost first (a nested scope's slot is in its parent's block): the block
  // replaces the attributed statement, and its last statement S becomes
  // { S; scope_exit(K); }, so the wait runs before the block's locals are destroyed (S's
  // own, if S declares them, are destroyed right after it, as they were). Jumps out of
  // the block waited above; an exception syncs the whole frame at its landing pad
  // (lower/SpawnEH.h), which waits for the scope's children too.
  for (size_t I = Col.uses.size(); I-- > 0;) {
    Use &U = Col.uses[I];
    if (U.kind != Use::Scope)
      continue;
    auto *B = cast<CompoundStmt>(cast<AttributedStmt>(U.stmt)->getSubStmt());
    *U.slot = B;
    if (B->body_empty() || !(Col.hasSpawn || U.inParallelFor))
      continue;
    Stmt **Last = B->body_begin() + (B->size() - 1);
    auto *Wrap = cast<CompoundStmt>(
        Markers.block({*Last, Markers.idCall(Markers.scopeExit(), scopeIds.lookup(U.stmt),
                                             B->getRBracLoc())},
                      B->getRBracLoc()));
    *Last = Wrap;
    for (Use &V : Col.uses)
      if (V.slot == Last)
        V.slot = Wrap->body_begin();
  }
  // Parallel loops, innermost first (a nested loop's slot is in its parent's body).
  for (size_t I = Loops.size(); I-- > 0;) {
    Stmt **Slot = nullptr;
    for (Use &U : Col.uses)
      if (U.stmt == Loops[I].stmt)
        Slot = U.slot;
    Stmt *New = rewriteParallelFor(CI.getSema(), FD, Loops[I], loopCounter++, LoopSpawns[I],
                                   Markers.loopMarkers(Sync));
    if (!New)
      return;
    SPRIG_ASSERT(Slot, "a parallel loop's use holds its statement's slot");
    *Slot = New;
  }
  if (!Col.hasSpawn)
    return;
  // Implicit sync at the end of the body (falling off the end).
  if (auto *CS = dyn_cast<CompoundStmt>(FD->getBody())) {
    llvm::SmallVector<Stmt *, 16> Stmts(CS->body_begin(), CS->body_end());
    Stmts.push_back(Markers.callTo(Sync, {}, CS->getRBracLoc()));
    FD->setBody(CompoundStmt::Create(C, Stmts, CS->getStoredFPFeaturesOrDefault(),
                                     CS->getLBracLoc(), CS->getRBracLoc()));
  } else if (auto *Try = dyn_cast<CXXTryStmt>(FD->getBody())) {
    // function-try-block: sync at the end of the try block
    CompoundStmt *TB = Try->getTryBlock();
    llvm::SmallVector<Stmt *, 16> Stmts(TB->body_begin(), TB->body_end());
    Stmts.push_back(Markers.callTo(Sync, {}, TB->getRBracLoc()));
    *Try->child_begin() = CompoundStmt::Create(C, Stmts, TB->getStoredFPFeaturesOrDefault(),
                                               TB->getLBracLoc(), TB->getRBracLoc());
  }
}

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
