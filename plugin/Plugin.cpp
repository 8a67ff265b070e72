//===- plugin/Plugin.cpp - the Sprig clang plugin: action and AST consumer ===//
//
// Loaded with -fplugin=SprigPlugin.so (sprig++ does this). Three stages:
//  1. Attributes.cpp: Sema accepts [[sprig::spawn]] / [[sprig::sync]] (AnnotateAttr).
//  2. This consumer runs before CodeGen (AddBeforeMainAction). For each function body
//     it checks every spawn and sync (SpawnForms.cpp, diagnostics) and, in functions
//     that will be emitted, rewrites them into marker calls (Rewrite.cpp).
//  3. LowerSpawns.cpp, an IR pass registered at the start of the pipeline, turns the
//     markers into the continuation-stealing code of sprig/abi.h.
//===----------------------------------------------------------------------===//
#include "Lowering.h"
#include "Rewrite.h"
#include "Sprig.h"
#include "UnknownAttributes.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

using namespace clang;

namespace sprig {
namespace {

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, UnknownAttributeInterceptor *I)
      : CI(CI), Interceptor(I), Rewriter(CI) {}

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    reportUnknownAttributes(CI.getDiagnostics(), Interceptor);
    for (Decl *D : DG)
      Rewriter.processDecl(D);
    return true;
  }
  void HandleInlineFunctionDefinition(FunctionDecl *FD) override {
    reportUnknownAttributes(CI.getDiagnostics(), Interceptor);
    Rewriter.processDecl(FD);
  }
  void HandleTranslationUnit(ASTContext &) override {
    reportUnknownAttributes(CI.getDiagnostics(), Interceptor);
  }

private:
  CompilerInstance &CI;
  UnknownAttributeInterceptor *Interceptor;
  SpawnRewriter Rewriter;
};

class Action : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    UnknownAttributeInterceptor *I = installInterceptor(CI.getDiagnostics());
    // Code built with the plugin sees __SPRIG__ (sprig/sprig.h then uses the runtime).
    CI.getPreprocessor().setPredefines(CI.getPreprocessor().getPredefines() +
                                       "#define __SPRIG__ 1\n");
    registerLoweringPass(CI);
    return std::make_unique<Consumer>(CI, I);
  }
  bool ParseArgs(const CompilerInstance &, const std::vector<std::string> &) override {
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

}  // namespace
}  // namespace sprig

static FrontendPluginRegistry::Add<sprig::Action> X("sprig", "Sprig fork-join lowering");
