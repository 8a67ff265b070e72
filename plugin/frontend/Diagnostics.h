//===- plugin/frontend/Diagnostics.h - the plugin's one table of errors ---===//
#pragma once
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include <map>
#include <utility>

namespace sprig {

enum class Diag : unsigned {
#define SPRIG_DIAG(Id, Text) Id,
#include "Diagnostics.def"
};

// The clang diagnostic id of K (a custom error, created once per engine): its C text
// (SPRIG_DIAG_C) where D reports on a C translation unit and K has one.
unsigned diagID(clang::DiagnosticsEngine &D, Diag K);

// Whether D reports on a C translation unit (set once, when the plugin's action starts
// on it: Plugin.cpp), for the errors whose wording differs (Diagnostics.def) and the
// arguments that name a construct (Legality.cpp).
void setReportsOnC(clang::DiagnosticsEngine &D, bool C);
bool reportsOnC(const clang::DiagnosticsEngine &D);
// Report K at Loc; stream its arguments (%0, %1) into the result.
inline clang::DiagnosticBuilder report(clang::DiagnosticsEngine &D,
                                       clang::SourceLocation Loc, Diag K) {
  return D.Report(Loc, diagID(D, K));
}

// Results of legality checks by (location, check): a template's instantiations share
// their source, and each error is reported once. The rewrite's checks (Rewrite.cpp,
// ReducerChecks.cpp) go through one of these per translation unit.
class CheckOnce {
public:
  enum Check : unsigned {
    Context = 0,          // where a spawn, sync or parallel loop is used
    Form = 1,             // a spawn's complete form (Legality.h, checkSpawnForm)
    LoopForm = 2,         // a parallel loop's form (ParallelFor.h)
    ReducerCapture = 3,   // a lambda's capture of a reducer (ReducerChecks.h)
    ReducerArgument = 4,  // a reducer given to a spawned call (ReducerChecks.h)
  };
  // Fn's result at (L, C), computed by the first call only.
  template <typename CheckFn>
  bool operator()(clang::SourceLocation L, Check C, CheckFn Fn) {
    auto [It, New] = Checked.try_emplace({L.getRawEncoding(), C}, true);
    if (New)
      It->second = Fn();
    return It->second;
  }

private:
  std::map<std::pair<unsigned, unsigned>, bool> Checked;
};

}  // namespace sprig
