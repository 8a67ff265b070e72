//===- plugin/frontend/ThreadBound.cpp - warnings for thread-bound state across a spawn
//===//
//
// ThreadBound.h says what is warned about and why. One walk of the body in source order
// (the order in which children() lists a statement's parts), before the rewrite: the
// spawns and syncs are still AttributedStmts and annotated declarations.
//===----------------------------------------------------------------------===//
#include "ThreadBound.h"
#include "Annotations.h"
#include "Diagnostics.h"
#include "SpawnUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

using namespace clang;

namespace sprig {

ThreadBoundOptions &threadBoundOptions() {
  static ThreadBoundOptions O;
  return O;
}

namespace {

// Where the code may change threads.
enum class Point { Spawn = 0, Sync = 1, Return = 2, End = 3 };

// A lock the function holds: an RAII object (Var) or a mutex locked by a call (Key, the
// mutex expression as written).
struct Lock {
  const VarDecl *Var = nullptr;
  std::string Key;
  std::string What;  // "std::lock_guard 'g'", "the mutex 'pm' (pthread_mutex_lock)"
  SourceLocation Loc;
  bool Silenced = false;
  bool Held = true;
};

// The class template a lock variable's type names (std::lock_guard<std::mutex> ->
// "lock_guard"), if it is one of the standard RAII locks.
const char *raiiLockName(QualType T) {
  if (T.isNull() || T->isReferenceType() || T->isPointerType())
    return nullptr;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier())
    return nullptr;
  for (const char *N : {"lock_guard", "unique_lock", "scoped_lock", "shared_lock"})
    if (RD->getName() == N)
      return N;
  return nullptr;
}

// A mutex class of the standard library whose lock()/unlock() bind it to a thread.
bool isStdMutex(QualType T) {
  const CXXRecordDecl *RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier())
    return false;
  for (const char *N : {"mutex", "recursive_mutex", "timed_mutex", "recursive_timed_mutex",
                        "shared_mutex", "shared_timed_mutex"})
    if (RD->getName() == N)
      return true;
  return false;
}

// A free function named Name at global scope or in namespace std (C library functions).
bool isCFunction(const FunctionDecl *FD, llvm::StringRef Name) {
  if (!FD || !FD->getIdentifier() || FD->getName() != Name)
    return false;
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  return DC->isTranslationUnit() || DC->isStdNamespace() || DC->isExternCContext();
}

// std::this_thread::get_id.
bool isThisThreadGetId(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() || FD->getName() != "get_id")
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext());
  while (NS && NS->isInline())
    NS = dyn_cast<NamespaceDecl>(NS->getParent());
  return NS && NS->getIdentifier() && NS->getName() == "this_thread" &&
         NS->getParent()->getRedeclContext()->isStdNamespace();
}

const VarDecl *threadLocalVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->getTLSKind() != VarDecl::TLS_None ? V : nullptr;
}

struct Scanner {
  ASTContext &Ctx;
  DiagnosticsEngine &D;
  std::set<std::pair<unsigned, unsigned>> &Reported;
  ThreadBoundOptions Opts;
  bool Spawns = false;  // the function has a spawn (its explicit syncs may wait)
  std::vector<std::vector<Lock>> Scopes;  // RAII locks, one list per open scope
  std::vector<Lock> Calls;                // locks taken by calls, not yet released
  int Silenced = 0;                       // inside [[sprig::allow_thread_bound]]
  bool SpawnSeen = false;                 // a spawn earlier in source order
  SourceLocation Window;                  // the last spawn, until the next sync

  Scanner(ASTContext &Ctx, DiagnosticsEngine &D,
          std::set<std::pair<unsigned, unsigned>> &Reported)
      : Ctx(Ctx), D(D), Reported(Reported), Opts(threadBoundOptions()) {}

  bool once(SourceLocation L, Diag K) {
    return Reported.insert({L.getRawEncoding(), static_cast<unsigned>(K)}).second;
  }

  std::string text(const Expr *E) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    E->IgnoreParenImpCasts()->printPretty(OS, nullptr, PrintingPolicy(Ctx.getLangOpts()));
    return S;
  }

  // `&m` -> "m"; another pointer as written.
  std::string mutexName(const Expr *E) {
    if (const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
        U && U->getOpcode() == UO_AddrOf)
      return text(U->getSubExpr());
    return "*" + text(E);
  }

  // The code may change threads at L: every lock still held is reported (once each).
  void point(Point P, SourceLocation L, bool Allowed) {
    if (P == Point::Spawn) {
      SpawnSeen = true;
      Window = L;
    } else if (P != Point::Return) {  // the code after a return is on another path
      Window = SourceLocation();
    }
    if (!Opts.locks || Allowed || (P == Point::Sync && !Spawns) ||
        ((P == Point::Return || P == Point::End) && !SpawnSeen))
      return;
    auto Report = [&](Lock &K) {
      if (!K.Held || K.Silenced)
        return;
      K.Silenced = true;  // one warning per lock
      if (!once(K.Loc, Diag::LockAcrossSpawn))
        return;
      report(D, K.Loc, Diag::LockAcrossSpawn) << K.What << static_cast<unsigned>(P);
      report(D, L, Diag::LockAcrossSpawnAt) << static_cast<unsigned>(P);
      report(D, K.Loc, Diag::LockAcrossSpawnFix);
    };
    for (auto &Scope : Scopes)
      for (Lock &K : Scope)
        Report(K);
    for (Lock &K : Calls)
      Report(K);
  }

  void identity(SourceLocation L, llvm::StringRef What) {
    if (!Opts.identity || Silenced || Window.isInvalid() || !once(L, Diag::ThreadIdentity))
      return;
    report(D, L, Diag::ThreadIdentity) << What;
    report(D, Window, Diag::ThreadIdentitySpawn);
    report(D, L, Diag::ThreadIdentityFix);
  }

  Lock *raiiLock(const Expr *Obj) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts());
    if (!DRE)
      return nullptr;
    for (auto &Scope : Scopes)
      for (Lock &K : Scope)
        if (K.Var == DRE->getDecl())
          return &K;
    return nullptr;
  }

  void call(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return;
    if (auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      Expr *Obj = MC->getImplicitObjectArgument();
      llvm::StringRef M = FD->getIdentifier() ? FD->getName() : "";
      if (!Obj)
        return;
      if (Lock *K = raiiLock(Obj)) {  // unique_lock / shared_lock: unlock(), lock()
        if (M == "unlock" || M == "release")
          K->Held = false;
        else if (M == "lock" || M == "try_lock" || M == "try_lock_for" ||
                 M == "try_lock_until")
          K->Held = true;
        return;
      }
      QualType T = Obj->getType();
      if (T->isPointerType())
        T = T->getPointeeType();
      if (isStdMutex(T)) {
        if (M == "lock" || M == "lock_shared")
          take(text(Obj), "the mutex '" + text(Obj) + "' (locked by " + M.str() + "())",
               CE->getBeginLoc());
        else if (M == "unlock" || M == "unlock_shared")
          release(text(Obj));
      }
      return;
    }
    if (CE->getNumArgs() == 1 && isCFunction(FD, "pthread_mutex_lock"))
      take(text(CE->getArg(0)),
           "the mutex '" + mutexName(CE->getArg(0)) + "' (locked by pthread_mutex_lock)",
           CE->getBeginLoc());
    else if (CE->getNumArgs() == 1 && isCFunction(FD, "pthread_mutex_unlock"))
      release(text(CE->getArg(0)));
    else if (isCFunction(FD, "omp_get_thread_num"))
      identity(CE->getBeginLoc(), "'omp_get_thread_num()'");
    else if (isCFunction(FD, "pthread_self"))
      identity(CE->getBeginLoc(), "'pthread_self()'");
    else if (isThisThreadGetId(FD))
      identity(CE->getBeginLoc(), "'std::this_thread::get_id()'");
  }

  void take(std::string Key, std::string What, SourceLocation L) {
    Lock K;
    K.Key = std::move(Key);
    K.What = std::move(What);
    K.Loc = L;
    K.Silenced = Silenced > 0;
    Calls.push_back(std::move(K));
  }

  void release(const std::string &Key) {
    for (size_t I = Calls.size(); I-- > 0;)
      if (Calls[I].Key == Key) {
        Calls.erase(Calls.begin() + I);
        return;
      }
  }

  void declare(VarDecl *V) {
    bool Allow = hasAnnotation(V, kAllowThreadBoundAnnotation);
    Silenced += Allow;
    walk(V->getInit());
    Silenced -= Allow;
    const char *N = raiiLockName(V->getType());
    if (!N || Scopes.empty())
      return;
    // Held from construction, unless default-constructed or given std::defer_lock.
    bool Held = true;
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(
            V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr)) {
      Held = CE->getNumArgs() > 0;
      for (const Expr *A : CE->arguments())
        if (const CXXRecordDecl *RD = A->getType()->getAsCXXRecordDecl();
            RD && RD->isInStdNamespace() && RD->getIdentifier() &&
            RD->getName() == "defer_lock_t")
          Held = false;
    } else if (!V->getInit()) {
      Held = false;
    }
    Lock K;
    K.Var = V;
    K.What = std::string("std::") + N + " '" + V->getName().str() + "'";
    K.Loc = V->getLocation();
    K.Silenced = Allow || Silenced > 0;
    K.Held = Held;
    Scopes.back().push_back(std::move(K));
  }

  // A statement that opens a scope of its own (its declarations end with it).
  static bool opensScope(const Stmt *S) {
    return isa<CompoundStmt>(S) || isa<IfStmt>(S) || isa<SwitchStmt>(S) ||
           isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<CXXForRangeStmt>(S) ||
           isa<CXXCatchStmt>(S);
  }

  void walk(Stmt *S) {
    if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return;  // functions of their own
    if (isa<UnaryExprOrTypeTraitExpr>(S) || isa<CXXTypeidExpr>(S) ||
        isa<CXXNoexceptExpr>(S))
      return;  // sizeof, alignof, typeid, noexcept: nothing is read
    if (auto *AS = dyn_cast<AttributedStmt>(S)) {
      bool Allow = annotation(AS, kAllowThreadBoundAnnotation) != nullptr;
      if (const AnnotateAttr *A = annotation(AS, kSpawnAnnotation)) {
        point(Point::Spawn, A->getLocation(), Allow);  // its arguments: the parent's
        return;
      }
      if (const AnnotateAttr *A = annotation(AS, kSyncAnnotation)) {
        point(Point::Sync, A->getLocation(), Allow);
        return;
      }
      Silenced += Allow;
      walk(AS->getSubStmt());
      Silenced -= Allow;
      return;
    }
    if (auto *DS = dyn_cast<DeclStmt>(S)) {
      for (Decl *Dc : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(Dc)) {
          if (hasAnnotation(V, kSpawnAnnotation))
            point(Point::Spawn, V->getLocation(),
                  hasAnnotation(V, kAllowThreadBoundAnnotation));
          else
            declare(V);
        }
      return;
    }
    if (auto *R = dyn_cast<ReturnStmt>(S)) {
      // The implicit sync comes before the return value is computed.
      point(Point::Return, R->getBeginLoc(), Silenced > 0);
      walk(R->getRetValue());
      return;
    }
    // A thread_local updated in place (++, --, =, op=) is this thread's copy, wherever
    // the code runs (per-thread counters): not a read of a thread's identity.
    if (auto *U = dyn_cast<UnaryOperator>(S);
        U && U->isIncrementDecrementOp() && threadLocalVar(U->getSubExpr()))
      return;
    if (auto *B = dyn_cast<BinaryOperator>(S);
        B && B->isAssignmentOp() && threadLocalVar(B->getLHS())) {
      walk(B->getRHS());
      return;
    }
    if (auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const VarDecl *V = threadLocalVar(DRE))
        identity(DRE->getLocation(), "thread_local variable '" + V->getName().str() + "'");
    bool Scope = opensScope(S);
    if (Scope)
      Scopes.emplace_back();
    if (auto *CE = dyn_cast<CallExpr>(S)) {
      // Arguments first (they are evaluated before the call).
      for (Stmt *Child : S->children())
        walk(Child);
      call(CE);
    } else {
      for (Stmt *Child : S->children())
        walk(Child);
    }
    if (Scope)
      Scopes.pop_back();
  }
};

}  // namespace

void warnThreadBound(FunctionDecl *FD, DiagnosticsEngine &D,
                     std::set<std::pair<unsigned, unsigned>> &Reported) {
  ThreadBoundOptions O = threadBoundOptions();
  Stmt *Body = FD->getBody();
  if ((!O.locks && !O.identity) || D.getIgnoreAllWarnings() || !Body)
    return;
  Scanner S(FD->getASTContext(), D, Reported);
  S.Spawns = true;
  Stmt *Root = Body;
  if (auto *Try = dyn_cast<CXXTryStmt>(Body))  // function-try-block: its try block
    Root = Try->getTryBlock();
  auto *CS = dyn_cast<CompoundStmt>(Root);
  if (!CS) {
    S.walk(Root);
    return;
  }
  S.Scopes.emplace_back();
  for (Stmt *Child : CS->body())
    S.walk(Child);
  // The implicit sync at the end of the body runs before its locals are destroyed.
  S.point(Point::End, CS->getRBracLoc(), false);
}

}  // namespace sprig
