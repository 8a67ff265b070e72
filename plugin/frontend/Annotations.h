//===- plugin/frontend/Annotations.h - the marks of the attributes' accepted uses ===//
#pragma once
#include "llvm/ADT/StringRef.h"

namespace sprig {
// AnnotateAttr strings that mark accepted uses of the attributes in the AST.
inline constexpr llvm::StringLiteral kSpawnAnnotation = "sprig.spawn";
inline constexpr llvm::StringLiteral kSyncAnnotation = "sprig.sync";
inline constexpr llvm::StringLiteral kParallelForAnnotation = "sprig.parallel_for";
// A block whose children are synced when control leaves it ([[sprig::scope]]).
inline constexpr llvm::StringLiteral kScopeAnnotation = "sprig.scope";
// Carries the grain expression as its one argument.
inline constexpr llvm::StringLiteral kGrainsizeAnnotation = "sprig.grainsize";
// Carries the identity and reduce functions (their addresses) as its two arguments.
inline constexpr llvm::StringLiteral kReducerAnnotation = "sprig.reducer";
// On a statement or a local variable: the thread-bound-state warnings (ThreadBound.h)
// say nothing about it. Dropped from variables before CodeGen (no llvm.var.annotation).
inline constexpr llvm::StringLiteral kAllowThreadBoundAnnotation =
    "sprig.allow_thread_bound";
// The valid attribute names, for "did you mean" suggestions.
inline constexpr const char *kAttributeNames[] = {
    "spawn", "sync", "scope", "parallel_for", "grainsize", "reducer", "allow_thread_bound"};
}  // namespace sprig
