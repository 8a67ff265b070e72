//===- plugin/frontend/Diagnostics.cpp - the plugin's one table of errors -===//
#include "Diagnostics.h"
#include "llvm/ADT/DenseSet.h"

namespace sprig {

static const char *const kText[] = {
#define SPRIG_DIAG(Id, Text) Text,
#include "Diagnostics.def"
};

// The C texts, by id; null where the C++ text serves both.
static const char *cText(Diag K) {
  switch (K) {
#define SPRIG_DIAG(Id, Text)
#define SPRIG_DIAG_C(Id, Text)                                                             \
  case Diag::Id:                                                                           \
    return Text;
#include "Diagnostics.def"
  default:
    return nullptr;
  }
}

// The engines that report on C translation units (one per compiler instance; a clang
// process runs one, or a few under -cc1 with several inputs).
static llvm::DenseSet<const clang::DiagnosticsEngine *> &cEngines() {
  static llvm::DenseSet<const clang::DiagnosticsEngine *> S;
  return S;
}

void setReportsOnC(clang::DiagnosticsEngine &D, bool C) {
  if (C)
    cEngines().insert(&D);
  else
    cEngines().erase(&D);
}

bool reportsOnC(const clang::DiagnosticsEngine &D) { return cEngines().contains(&D); }

enum Level : unsigned char { Error, Warning, Note };
static const Level kLevel[] = {
#define SPRIG_DIAG(Id, Text) Error,
#define SPRIG_WARNING(Id, Text) Warning,
#define SPRIG_NOTE(Id, Text) Note,
#include "Diagnostics.def"
};

unsigned diagID(clang::DiagnosticsEngine &D, Diag K) {
  using clang::DiagnosticIDs;
  unsigned I = static_cast<unsigned>(K);
  const char *Text = kText[I];
  if (reportsOnC(D))
    if (const char *C = cText(K))
      Text = C;
  // The same level and text give the same id each time.
  switch (kLevel[I]) {
  case Warning: {
    // Not in system headers (as Clang's own warnings). Clang applies neither -w nor
    // -Werror to a custom warning, which has no group: -Werror here, -w in the checks
    // (ThreadBound.cpp).
    bool AsError = D.getWarningsAsErrors();
    return D.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::CustomDiagDesc(
        AsError ? clang::diag::Severity::Error : clang::diag::Severity::Warning, Text,
        AsError ? DiagnosticIDs::CLASS_ERROR : DiagnosticIDs::CLASS_WARNING,
        /*ShowInSystemHeader=*/false, /*ShowInSystemMacro=*/false));
  }
  case Note:
    return D.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, Text);
  case Error:
    break;
  }
  return D.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Error, Text);
}

}  // namespace sprig
