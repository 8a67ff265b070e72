//===- plugin/Diagnostics.h - the plugin's one table of errors ------------===//
#pragma once
#include "clang/Basic/Diagnostic.h"

namespace sprig {

enum class Diag : unsigned {
#define SPRIG_DIAG(Id, Text) Id,
#include "Diagnostics.def"
};

// The clang diagnostic id of K (a custom error, created once per engine).
unsigned diagID(clang::DiagnosticsEngine &D, Diag K);
// Report K at Loc; stream its arguments (%0, %1) into the result.
inline clang::DiagnosticBuilder report(clang::DiagnosticsEngine &D,
                                       clang::SourceLocation Loc, Diag K) {
  return D.Report(Loc, diagID(D, K));
}

}  // namespace sprig
