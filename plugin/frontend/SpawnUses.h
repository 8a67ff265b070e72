//===- plugin/frontend/SpawnUses.h - the spawns, syncs and returns of a function body ===//
//
// The rewrite (Rewrite.cpp) first collects every use of the attributes in one body, with
// the slot that holds each statement (to replace it) and the context it sits in (a
// statement expression, a catch handler), which Legality.cpp checks.
//===----------------------------------------------------------------------===//
#pragma once
#include "Annotations.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallVector.h"

namespace sprig {
using clang::AnnotateAttr;
using clang::Attr;
using clang::AttributedStmt;
using clang::Decl;
using clang::DeclStmt;
using clang::Stmt;
using clang::VarDecl;
using llvm::dyn_cast;
using llvm::isa;

inline bool hasAnnotation(const Decl *D, llvm::StringRef Name) {
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == Name)
      return true;
  return false;
}

inline const AnnotateAttr *annotation(const AttributedStmt *AS, llvm::StringRef Name) {
  for (const Attr *A : AS->getAttrs())
    if (const auto *AA = dyn_cast<AnnotateAttr>(A))
      if (AA->getAnnotation() == Name)
        return AA;
  return nullptr;
}

// A use found in a function body, with the slot that holds it in its parent.
struct Use {
  enum Kind { SpawnStmt, SpawnDecl, Sync, Return, ParallelFor, LoneGrainsize } kind;
  Stmt **slot;  // parent's pointer to the statement (to replace it)
  Stmt *stmt;   // AttributedStmt, DeclStmt or ReturnStmt
  VarDecl *var = nullptr;
  bool inStmtExpr = false;
  bool inCatch = false;
  int inParallelFor = 0;  // how many parallel loops' bodies (or headers) hold it
};

// Collects spawns, syncs, returns and parallel loops of one function body, not
// descending into lambdas, blocks or local classes (those are functions of their own).
// Uses inside a parallel loop come after the loop's own use (pre-order).
struct Collector {
  llvm::SmallVector<Use, 16> uses;
  // Local variables carrying [[sprig::allow_thread_bound]] (their annotation is dropped
  // before CodeGen, which would emit it as llvm.var.annotation).
  llvm::SmallVector<VarDecl *, 2> allowVars;
  bool hasSpawn = false;  // a spawn outside every parallel loop: the function spawns
  bool hasParallelFor = false;
  int stmtExprDepth = 0;
  int catchDepth = 0;
  int pforDepth = 0;

  void add(Use U) {
    U.inParallelFor = pforDepth;
    uses.push_back(U);
  }

  void walk(Stmt *&S) {
    if (!S)
      return;
    if (isa<clang::LambdaExpr>(S) || isa<clang::BlockExpr>(S))
      return;
    if (auto *AS = dyn_cast<AttributedStmt>(S)) {
      if (annotation(AS, kSpawnAnnotation)) {
        add({Use::SpawnStmt, &S, S, nullptr, stmtExprDepth > 0, catchDepth > 0});
        hasSpawn |= pforDepth == 0;
        return;  // nothing spawnable nests inside a spawned call statement
      }
      if (annotation(AS, kSyncAnnotation)) {
        add({Use::Sync, &S, S, nullptr, stmtExprDepth > 0});
        return;
      }
      if (annotation(AS, kParallelForAnnotation)) {
        add({Use::ParallelFor, &S, S, nullptr, stmtExprDepth > 0, catchDepth > 0});
        hasParallelFor = true;
        ++pforDepth;
        for (Stmt *&Child : S->children())
          walk(Child);
        --pforDepth;
        return;
      }
      if (annotation(AS, kGrainsizeAnnotation))
        add({Use::LoneGrainsize, &S, S, nullptr});
    }
    if (auto *DS = dyn_cast<DeclStmt>(S)) {
      for (Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D);
            V && hasAnnotation(V, kAllowThreadBoundAnnotation))
          allowVars.push_back(V);
      for (Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D); V && hasAnnotation(V, kSpawnAnnotation)) {
          add({Use::SpawnDecl, &S, S, V, stmtExprDepth > 0, catchDepth > 0});
          hasSpawn |= pforDepth == 0;
          return;
        }
    }
    if (isa<clang::ReturnStmt>(S))
      add({Use::Return, &S, S, nullptr, stmtExprDepth > 0});
    bool isStmtExpr = isa<clang::StmtExpr>(S);
    bool isCatch = isa<clang::CXXCatchStmt>(S);
    stmtExprDepth += isStmtExpr;
    catchDepth += isCatch;
    for (Stmt *&Child : S->children())
      walk(Child);
    stmtExprDepth -= isStmtExpr;
    catchDepth -= isCatch;
  }
};

}  // namespace sprig
