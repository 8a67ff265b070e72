//===- plugin/SpawnForms.h - what a [[sprig::spawn]] may be attached to ---===//
//
// The three accepted forms, spelled exactly so:
//   [[sprig::spawn]] f(args);          Call:   a call expression statement
//   [[sprig::spawn]] lhs = f(args);    Assign: a call's result assigned to an lvalue
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
}

namespace sprig {

struct SpawnForm {
  enum Kind { Call, Assign, Decl } kind;
  clang::Stmt *stmt;          // the spawned statement (Call/Assign) or DeclStmt (Decl)
  clang::CallExpr *call;      // the spawned call
  clang::VarDecl *var;        // Decl form only
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

// A builtin the compiler expands itself (no address to call through); C library
// functions Clang also knows as builtins (memcpy, sqrt, ...) are not.
bool isCompilerBuiltin(const clang::CallExpr *C);

// Report an error at Loc with a custom message ('%0'-style arguments not used).
void error(clang::DiagnosticsEngine &D, clang::SourceLocation Loc, llvm::StringRef Msg);

}  // namespace sprig
