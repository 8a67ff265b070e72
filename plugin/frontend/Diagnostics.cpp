//===- plugin/frontend/Diagnostics.cpp - the plugin's one table of errors -===//
#include "Diagnostics.h"

namespace sprig {

static const char *const kText[] = {
#define SPRIG_DIAG(Id, Text) Text,
#include "Diagnostics.def"
};

unsigned diagID(clang::DiagnosticsEngine &D, Diag K) {
  // The same level and text give the same id each time.
  return D.getDiagnosticIDs()->getCustomDiagID(clang::DiagnosticIDs::Error,
                                               kText[static_cast<unsigned>(K)]);
}

}  // namespace sprig
