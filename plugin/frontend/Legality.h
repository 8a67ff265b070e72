//===- plugin/frontend/Legality.h - every check of how the attributes are used ===//
//
// The frontend's legality rules in one place (Attributes.cpp only checks, while parsing,
// what an attribute is attached to and that it has no arguments; both report through
// the one table of Diagnostics.def). docs/forms.md lists every rule with its reason.
//
// The three accepted forms, spelled exactly so:
//   [[sprig::spawn]] f(args);          Call:   a call expression statement
//   [[sprig::spawn]] lhs = f(args);    Assign: a call's result assigned to an lvalue,
//   [[sprig::spawn]] lhs op= f(args);          or combined into it (any compound operator)
//   [[sprig::spawn]] T x = f(args);    Decl:   a local variable initialized by a call
// "A call" is any CallExpr but a builtin: free and member functions (virtual too),
// function pointers, lambdas and functors, overloaded operators. Implicit conversions of
// the result are allowed (they run in the child with the call).
//===----------------------------------------------------------------------===//
#pragma once
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <optional>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
}  // namespace clang

namespace sprig {

struct SpawnForm {
  // Block: [[sprig::spawn]] { statements }, the block runs as the child (no call).
  enum Kind { Call, Assign, Decl, Block } kind;
  clang::Stmt *stmt;      // the spawned statement (Call/Assign/Block) or DeclStmt (Decl)
  clang::CallExpr *call;  // the spawned call (null for a Block)
  clang::VarDecl *var;    // Decl form only
};

// The spawned call inside `E` once implicit conversions, temporaries and parentheses are
// looked through, or null if `E` is not a call.
clang::CallExpr *spawnedCall(clang::Expr *E);

// Classify the statement under an AttributedStmt carrying sprig.spawn; on a bad form,
// report an error naming the attribute and the fix, and return nullopt.
std::optional<SpawnForm> classifySpawnStmt(clang::Stmt *Sub, clang::SourceLocation AttrLoc,
                                           clang::DiagnosticsEngine &D);
// Same for a variable carrying sprig.spawn.
std::optional<SpawnForm> classifySpawnDecl(clang::VarDecl *V, clang::DeclStmt *DS,
                                           clang::SourceLocation AttrLoc,
                                           clang::DiagnosticsEngine &D);

// A spawned block's body: no return, no break/continue/goto out of it, no goto into it
// from the rest of Body (the function's body), no co_await/co_yield/co_return, and no
// spawn, sync, scope or parallel loop of its own (the block is one child, not a
// function). Reports each misuse and returns false if there was one.
bool checkSpawnedBlock(clang::DiagnosticsEngine &D, clang::CompoundStmt *Block,
                       clang::Stmt *Body);

// A builtin the compiler expands itself (no address to call through); C library
// functions Clang also knows as builtins (memcpy, sqrt, ...) are not.
bool isCompilerBuiltin(const clang::CallExpr *C);

// Where a spawn or sync is used: not in a coroutine, nor in a statement expression; a
// spawn not in a catch handler. Reports and returns false otherwise.
bool checkUseContext(clang::DiagnosticsEngine &D, clang::SourceLocation AttrLoc,
                     bool IsSync, bool InCoroutine, bool InStmtExpr, bool InCatch);

// The operand of the spawned call that the rewrite tags (Rewrite.cpp): the object of a
// pointer-to-member call, of a member call or of a member operator, else the callee.
enum class TagSite { None, PtrMemObject, MemberBase, OperatorObject, Callee };
TagSite tagSite(clang::CallExpr *CE);

// An Assign form's assignment, simple or compound (a BinaryOperator, a
// CompoundAssignOperator or a CXXOperatorCallExpr, under
// cleanups and parentheses), and its target; null for the other forms.
clang::Expr *assignment(const SpawnForm &F);
clang::Expr *assignmentTarget(const SpawnForm &F);

// What can only be checked of a complete, non-dependent form: a call shape the lowering
// can tag, an assignment target that is not a bit-field.
bool checkSpawnForm(clang::DiagnosticsEngine &D, const SpawnForm &F);

}  // namespace sprig
