//===- plugin/frontend/Diagnostics.cpp - the plugin's one table of errors -===//
#include "Diagnostics.h"

namespace sprig {

static const char *const kText[] = {
#define SPRIG_DIAG(Id, Text) Text,
#include "Diagnostics.def"
};

enum Level : unsigned char { Error, Warning, Note };
static const Level kLevel[] = {
#define SPRIG_DIAG(Id, Text) Error,
#define SPRIG_WARNING(Id, Text) Warning,
#define SPRIG_NOTE(Id, Text) Note,
#include "Diagnostics.def"
};

unsigned diagID(clang::DiagnosticsEngine &D, Diag K) {
  using clang::DiagnosticIDs;
  // The same description gives the same id each time.
  unsigned I = static_cast<unsigned>(K);
  switch (kLevel[I]) {
  case Warning: {
    // Not in system headers (as Clang's own warnings). Clang applies neither -w nor
    // -Werror to a custom warning, which has no group: -Werror here, -w in the checks
    // (ThreadBound.cpp).
    bool AsError = D.getWarningsAsErrors();
    return D.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::CustomDiagDesc(
        AsError ? clang::diag::Severity::Error : clang::diag::Severity::Warning, kText[I],
        AsError ? DiagnosticIDs::CLASS_ERROR : DiagnosticIDs::CLASS_WARNING,
        /*ShowInSystemHeader=*/false, /*ShowInSystemMacro=*/false));
  }
  case Note:
    return D.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, kText[I]);
  case Error:
    break;
  }
  return D.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Error, kText[I]);
}

}  // namespace sprig
