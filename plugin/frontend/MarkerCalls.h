//===- plugin/frontend/MarkerCalls.h - the marker functions, in the AST ----===//
//
// The rewrite (Rewrite.cpp) replaces each spawn, sync and parallel loop by calls of the
// marker functions of Markers.h. This class creates those functions in the translation
// unit, once each, as implicit extern "C" constexpr functions with bodies (so that a
// constexpr function with a spawn still constant-evaluates, serially; CodeGen only
// declares them and the IR passes replace every call), in C as plain declarations of
// the same names and IR types, and builds the calls: the spawn
// markers with their ids, the tag on the spawned call's operand, the brackets around an
// assignment target, the parallel loop's markers, and the cleanup that ends a local
// reducer's scope.
//===----------------------------------------------------------------------===//
#pragma once
#include "ParallelFor.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class ASTContext;
class CompilerInstance;
}  // namespace clang

namespace sprig {

class MarkerCalls {
public:
  explicit MarkerCalls(clang::CompilerInstance &CI) : CI(CI) {}

  // __sprig_spawn_begin(id), __sprig_spawn_end(id), __sprig_spawn_end_v(id) -> int. Not
  // noexcept: where a spawn sits in an EH scope, Clang then gives the markers landing
  // pads into the enclosing scopes' cleanups, which marks those cleanups as reachable
  // from outside the statement, so the IR pass leaves them to the parent.
  clang::FunctionDecl *spawnBegin();
  clang::FunctionDecl *spawnEnd();
  clang::FunctionDecl *spawnEndValue();
  // __sprig_sync(), not noexcept either.
  clang::FunctionDecl *sync();
  // __sprig_scope_exit(k) and __sprig_spawn_scope(id, k) (Markers.h).
  clang::FunctionDecl *scopeExit();
  clang::FunctionDecl *spawnScope();
  // __sprig_spawn_block() noexcept: the spawned call a spawned block starts with.
  clang::FunctionDecl *spawnBlock();

  // FD(Id), for a marker that takes the spawn's or the loop's id.
  clang::Expr *idCall(clang::FunctionDecl *FD, unsigned Id, clang::SourceLocation L);
  clang::Expr *callTo(clang::FunctionDecl *FD, llvm::ArrayRef<clang::Expr *> Args,
                      clang::SourceLocation Loc);
  clang::Stmt *block(llvm::ArrayRef<clang::Stmt *> Stmts, clang::SourceLocation L);

  // Tag the spawned call: one operand only it uses (Legality.h, tagSite) goes through
  // an identity function __sprig_tag_N, so the IR pass finds exactly that call.
  void tagCall(clang::CallExpr *CE);
  // The assignment target, bracketed: __sprig_lhs_N((__sprig_lhs_begin(), E)); in C
  // through its address, *__sprig_lhs_N((__sprig_lhs_begin(), &E)).
  clang::Expr *bracketTarget(clang::Expr *E);

  // The parallel loop's markers (ParallelFor.h), with Sync for the body's own sync.
  LoopMarkers loopMarkers(clang::FunctionDecl *Sync);

  // `extern "C" void __sprig_reducer_scope_end(void **) noexcept`, declared only: the
  // cleanup that ends a local reducer's scope (ReducerChecks.h).
  clang::FunctionDecl *reducerScopeEnd();

private:
  clang::ASTContext &ctx();
  bool isC();
  clang::DeclContext *markerContext();
  clang::FunctionDecl *makeFunction(llvm::StringRef Name, clang::QualType Ret,
                                    llvm::ArrayRef<clang::QualType> Params, bool NoExcept,
                                    bool Constexpr = true);
  void setBody(clang::FunctionDecl *FD, clang::Stmt *Ret);
  clang::FunctionDecl *voidMarker(clang::FunctionDecl *&Cache, llvm::StringRef Name,
                                  bool NoExcept);
  clang::FunctionDecl *idMarker(clang::FunctionDecl *&Cache, llvm::StringRef Name,
                                bool ReturnsInt);
  clang::Expr *tag(clang::Expr *E);
  clang::Expr *identity(clang::Expr *E, const std::string &Name);

  clang::CompilerInstance &CI;
  clang::LinkageSpecDecl *cBlock = nullptr;
  clang::FunctionDecl *beginFn = nullptr, *endFn = nullptr, *endValFn = nullptr,
                      *syncFn = nullptr, *spawnBlockFn = nullptr;
  clang::FunctionDecl *lhsBeginFn = nullptr;
  clang::FunctionDecl *pforBeginFn = nullptr, *pforIndexFn = nullptr,
                      *pforCatchFn = nullptr, *pforEndFn = nullptr, *pforBreakFn = nullptr;
  clang::FunctionDecl *scopeEndFn = nullptr;
  clang::FunctionDecl *scopeExitFn = nullptr, *spawnScopeFn = nullptr;
  unsigned tagCounter = 0, lhsCounter = 0;
};

}  // namespace sprig
