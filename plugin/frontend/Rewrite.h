//===- plugin/frontend/Rewrite.h - check spawns and syncs, rewrite them to markers ===//
#pragma once
#include "clang/AST/Decl.h"
#include <set>
#include <string>
#include <utility>

namespace clang {
class CompilerInstance;
}

namespace sprig {

class SpawnRewriter {
public:
  explicit SpawnRewriter(clang::CompilerInstance &CI);
  ~SpawnRewriter();
  // Check (and, where the function will be emitted, rewrite) every function in D.
  void processDecl(clang::Decl *D);

  struct Impl;

private:
  Impl *P;
};

}  // namespace sprig
