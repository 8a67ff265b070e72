//===- plugin/Sprig.h - shared declarations of the Sprig plugin -----------===//
#pragma once
#include "llvm/ADT/StringRef.h"

namespace sprig {
// AnnotateAttr strings that mark accepted uses of the attributes in the AST.
inline constexpr llvm::StringLiteral kSpawnAnnotation = "sprig.spawn";
inline constexpr llvm::StringLiteral kSyncAnnotation = "sprig.sync";
// The valid attribute names, for "did you mean" suggestions.
inline constexpr const char *kAttributeNames[] = {"spawn", "sync"};
}  // namespace sprig
