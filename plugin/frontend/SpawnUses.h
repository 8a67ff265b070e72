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
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
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
  // Scope: a [[sprig::scope]] block; ScopeJump: a break, continue or goto that leaves
  // at least one scope (it syncs before it jumps).
  enum Kind {
    SpawnStmt,
    SpawnDecl,
    Sync,
    Return,
    ParallelFor,
    LoneGrainsize,
    Scope,
    ScopeJump
  } kind;
  Stmt **slot;  // parent's pointer to the statement (to replace it)
  Stmt *stmt;   // AttributedStmt, DeclStmt or ReturnStmt
  VarDecl *var = nullptr;
  bool inStmtExpr = false;
  bool inCatch = false;
  int inParallelFor = 0;  // how many parallel loops' bodies (or headers) hold it
  // A spawn: the innermost scope around it in the same function (not outside a parallel
  // loop body that holds it), or null. A ScopeJump: the scopes it leaves, innermost
  // first.
  Stmt *scope = nullptr;
  llvm::SmallVector<Stmt *, 2> left = {};
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
  // The [[sprig::scope]] blocks around the statement being walked, outermost first, and
  // for each enclosing loop or switch how many scopes were open at it (a break or
  // continue to it leaves the scopes opened since).
  llvm::SmallVector<Stmt *, 4> scopes;
  llvm::SmallVector<int, 4> scopePfor;  // pforDepth where each of `scopes` opened
  struct JumpTarget {
    size_t scopes;
    bool isLoop;
  };
  llvm::SmallVector<JumpTarget, 8> targets;
  // gotos and labels with the scopes around them (resolved by resolveGotos).
  struct Placed {
    Stmt **slot;
    Stmt *stmt;
    int pforDepth;
    llvm::SmallVector<Stmt *, 4> scopes;
  };
  llvm::SmallVector<Placed, 4> gotos;
  llvm::DenseMap<const clang::LabelDecl *, llvm::SmallVector<Stmt *, 4>> labels;

  void add(Use U) {
    U.inParallelFor = pforDepth;
    if ((U.kind == Use::SpawnStmt || U.kind == Use::SpawnDecl) && !scopes.empty() &&
        scopePfor.back() == pforDepth)
      U.scope = scopes.back();
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
      if (annotation(AS, kScopeAnnotation)) {
        add({Use::Scope, &S, S, nullptr, stmtExprDepth > 0, catchDepth > 0});
        scopes.push_back(S);
        scopePfor.push_back(pforDepth);
        for (Stmt *&Child : S->children())
          walk(Child);
        scopes.pop_back();
        scopePfor.pop_back();
        return;
      }
      if (annotation(AS, kGrainsizeAnnotation))
        add({Use::LoneGrainsize, &S, S, nullptr});
    }
    if (isa<clang::BreakStmt>(S) || isa<clang::ContinueStmt>(S)) {
      bool Continue = isa<clang::ContinueStmt>(S);
      for (size_t I = targets.size(); I-- > 0;)
        if (targets[I].isLoop || !Continue) {
          if (targets[I].scopes < scopes.size()) {
            add({Use::ScopeJump, &S, S, nullptr, stmtExprDepth > 0});
            for (size_t J = scopes.size(); J-- > targets[I].scopes;)
              uses.back().left.push_back(scopes[J]);
          }
          break;
        }
      return;
    }
    if (isa<clang::GotoStmt>(S) || isa<clang::IndirectGotoStmt>(S)) {
      if (!scopes.empty())
        gotos.push_back({&S, S, pforDepth, {scopes.begin(), scopes.end()}});
      return;
    }
    if (auto *LS = dyn_cast<clang::LabelStmt>(S))
      labels[LS->getDecl()].assign(scopes.begin(), scopes.end());
    bool isLoop = isa<clang::ForStmt>(S) || isa<clang::WhileStmt>(S) ||
                  isa<clang::DoStmt>(S) || isa<clang::CXXForRangeStmt>(S);
    if (isLoop || isa<clang::SwitchStmt>(S)) {
      targets.push_back({scopes.size(), isLoop});
      for (Stmt *&Child : S->children())
        walk(Child);
      targets.pop_back();
      return;
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

  // After walk: a goto leaves a scope when the scope holds the goto but not its label
  // (an indirect goto: whenever it is in a scope).
  void resolveGotos() {
    for (Placed &G : gotos) {
      llvm::SmallVector<Stmt *, 2> Left;  // innermost first
      auto *GS = dyn_cast<clang::GotoStmt>(G.stmt);
      auto It = GS ? labels.find(GS->getLabel()) : labels.end();
      for (size_t J = G.scopes.size(); J-- > 0;)
        if (!GS || It == labels.end() || !llvm::is_contained(It->second, G.scopes[J]))
          Left.push_back(G.scopes[J]);
      if (!Left.empty()) {
        uses.push_back({Use::ScopeJump, G.slot, G.stmt, nullptr});
        uses.back().inParallelFor = G.pforDepth;
        uses.back().left = Left;
      }
    }
  }
};

}  // namespace sprig
