//===- plugin/frontend/UnknownAttributes.h - 'sprig::spwan' is an error, not a warning ===//
//
// Clang warns "unknown attribute 'sprig::spwan' ignored" and drops it. For our namespace
// that must be an error with a suggestion. A DiagnosticConsumer wrapper intercepts those
// warnings (the message names the attribute) and the AST consumer reports them as errors
// at the next safe point (reporting from inside a diagnostic handler is not).
//===----------------------------------------------------------------------===//
#pragma once
#include "clang/Basic/Diagnostic.h"
#include <memory>
#include <string>
#include <vector>

namespace sprig {

struct UnknownSprigAttr {
  clang::SourceLocation loc;
  std::string name;  // after "sprig::"
};

class UnknownAttributeInterceptor : public clang::DiagnosticConsumer {
public:
  UnknownAttributeInterceptor(clang::DiagnosticConsumer *Inner,
                              std::unique_ptr<clang::DiagnosticConsumer> Owned)
      : Inner(Inner), Owned(std::move(Owned)) {}
  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    Inner->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    Inner->EndSourceFile();
    NumErrors = Inner->getNumErrors();  // -verify reports mismatches here
    NumWarnings = Inner->getNumWarnings();
  }
  void finish() override {
    Inner->finish();
    NumErrors = Inner->getNumErrors();
    NumWarnings = Inner->getNumWarnings();
  }
  void clear() override {
    DiagnosticConsumer::clear();
    Inner->clear();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Inner->IncludeInDiagnosticCounts();
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level L,
                        const clang::Diagnostic &Info) override;

  std::vector<UnknownSprigAttr> takePending() { return std::move(Pending); }

private:
  clang::DiagnosticConsumer *Inner;
  std::unique_ptr<clang::DiagnosticConsumer> Owned;
  std::vector<UnknownSprigAttr> Pending;
};

// Install the interceptor as the client of D (idempotent); returns it.
UnknownAttributeInterceptor *installInterceptor(clang::DiagnosticsEngine &D);
// Report every intercepted unknown sprig:: attribute as an error with a suggestion.
void reportUnknownAttributes(clang::DiagnosticsEngine &D, UnknownAttributeInterceptor *I);

}  // namespace sprig
