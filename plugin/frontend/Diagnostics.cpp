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

unsigned diagID(clang::DiagnosticsEngine &D, Diag K) {
  const char *Text = kText[static_cast<unsigned>(K)];
  if (reportsOnC(D))
    if (const char *C = cText(K))
      Text = C;
  // The same level and text give the same id each time.
  return D.getDiagnosticIDs()->getCustomDiagID(clang::DiagnosticIDs::Error, Text);
}

}  // namespace sprig
