//===- plugin/frontend/Plugin.cpp - the Sprig clang plugin: action and AST consumer ===//
//
// SprigFrontend.so, loaded with -fplugin=SprigFrontend.so (sprig++ does this). Three
// stages:
//  1. Attributes.cpp: Sema accepts [[sprig::spawn]] / [[sprig::sync]] (AnnotateAttr).
//  2. This consumer runs before CodeGen (AddBeforeMainAction). For each function body
//     it checks every spawn and sync (Legality.cpp, Diagnostics.def) and, in functions
//     that will be emitted, rewrites them into marker calls (Rewrite.cpp).
//  3. The IR passes of SprigPlugin.so (../PassRegistration.cpp), which this plugin loads
//     from its own directory, turn the markers into the continuation-stealing code of
//     sprig/abi.h. They are a separate LLVM pass plugin so that opt can load them too
//     (libclang-cpp cannot be loaded into opt).
//===----------------------------------------------------------------------===//
#include "Annotations.h"
#include "Diagnostics.h"
#include "Rewrite.h"
#include "ThreadBound.h"
#include "UnknownAttributes.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include <dlfcn.h>
#include <optional>

using namespace clang;

namespace sprig {
namespace {

// SprigPlugin.so, next to this file. Loaded when clang loads this plugin (before it
// parses -mllvm, so the passes' options, e.g. -sprig-split-prefix, are known then).
struct LoweringPlugin {
  std::optional<llvm::PassPlugin> Plugin;
  std::string Error;
  LoweringPlugin() {
    Dl_info Info;
    std::string Dir = ".";
    if (dladdr(reinterpret_cast<void *>(&LoweringPlugin::lowering), &Info) &&
        Info.dli_fname)
      Dir = llvm::sys::path::parent_path(Info.dli_fname).str();
    std::string Path = Dir + "/SprigPlugin.so";
    llvm::Expected<llvm::PassPlugin> P = llvm::PassPlugin::Load(Path);
    if (P)
      Plugin.emplace(std::move(*P));
    else
      Error = "sprig: cannot load the lowering passes '" + Path +
              "': " + llvm::toString(P.takeError());
  }
  static LoweringPlugin &lowering();
};
LoweringPlugin &LoweringPlugin::lowering() {
  static LoweringPlugin L;
  return L;
}
[[maybe_unused]] LoweringPlugin &LoadAtStartup = LoweringPlugin::lowering();

void registerLoweringPasses(CompilerInstance &CI) {
  LoweringPlugin &L = LoweringPlugin::lowering();
  if (!L.Plugin) {
    report(CI.getDiagnostics(), SourceLocation(), Diag::CannotLoadPasses) << L.Error;
    return;
  }
  llvm::PassPlugin *P = &*L.Plugin;
  CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
      [P](llvm::PassBuilder &PB) { P->registerPassBuilderCallbacks(PB); });
}

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
    // Errors on C code name C constructs (Diagnostics.def, SPRIG_DIAG_C).
    setReportsOnC(CI.getDiagnostics(), !CI.getLangOpts().CPlusPlus);
    // Code built with the plugin sees __SPRIG__ (sprig/sprig.h then uses the runtime).
    // First in the predefines: clang's own end with the -include and -imacros lines,
    // and a header brought in that way must see it too (command-line -D and -U still
    // come after it, so -U__SPRIG__ works as it did).
    CI.getPreprocessor().setPredefines(std::string("#define __SPRIG__ 1\n") +
                                       (Scale ? "#define __SPRIG_SCALE__ 1\n" : "") +
                                       (Race ? "#define __SPRIG_RACE__ 1\n" : "") +
                                       CI.getPreprocessor().getPredefines());
    registerLoweringPasses(CI);
    return std::make_unique<Consumer>(CI, I);
  }
  // -fplugin-arg-sprig-scale (sprig++ --scale): the work/span profiler's build;
  // -fplugin-arg-sprig-race (sprig++ --race): the race detector's. The passes read their
  // own options, -sprig-scale / -sprig-race (plugin/Target.cpp); set them here, in
  // the process-wide option registry (SprigPlugin.so is loaded, so they are registered).
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    for (const std::string &A : Args) {
      if (A == "scale" || A == "race") {
        (A == "scale" ? Scale : Race) = true;
        std::string Name = "sprig-" + A;
        auto &Opts = llvm::cl::getRegisteredOptions();
        auto It = Opts.find(Name);
        if (It != Opts.end())
          It->second->addOccurrence(0, Name, "true");
        continue;
      }
      // -Wno-sprig-lock-across-spawn / -Wno-sprig-thread-identity, as sprig++ spells them.
      if (A == "no-lock-across-spawn" || A == "lock-across-spawn") {
        threadBoundOptions().locks = A == "lock-across-spawn";
        continue;
      }
      if (A == "no-thread-identity" || A == "thread-identity") {
        threadBoundOptions().identity = A == "thread-identity";
        continue;
      }
      report(CI.getDiagnostics(), SourceLocation(), Diag::UnknownPluginArg) << A;
      return false;
    }
    return true;
  }
  bool Scale = false, Race = false;
  ActionType getActionType() override { return AddBeforeMainAction; }
};

}  // namespace
}  // namespace sprig

static FrontendPluginRegistry::Add<sprig::Action> X("sprig", "Sprig fork-join lowering");
