//===- plugin/frontend/UnknownAttributes.cpp ------------------------------===//
#include "UnknownAttributes.h"
#include "Annotations.h"
#include "Diagnostics.h"
#include "clang/Basic/DiagnosticSema.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace sprig {

void UnknownAttributeInterceptor::HandleDiagnostic(DiagnosticsEngine::Level L,
                                                   const Diagnostic &Info) {
  unsigned ID = Info.getID();
  if (ID == diag::warn_unknown_attribute_ignored ||
      ID == diag::warn_unknown_attribute_ignored_suggestion) {
    llvm::SmallString<128> Msg;
    Info.FormatDiagnostic(Msg);
    llvm::StringRef M = Msg;
    size_t At = M.find("'sprig::");
    if (At != llvm::StringRef::npos) {
      llvm::StringRef Name = M.drop_front(At + 8);
      Name = Name.take_until([](char c) { return c == '\''; });
      Pending.push_back({Info.getLocation(), Name.str()});
      return;  // replaced by an error (reportUnknownAttributes)
    }
  }
  Inner->HandleDiagnostic(L, Info);
  // Report the inner consumer's counts as ours: under -verify it does not count the
  // expected diagnostics, and the driver's exit status comes from these counts.
  NumErrors = Inner->getNumErrors();
  NumWarnings = Inner->getNumWarnings();
}

UnknownAttributeInterceptor *installInterceptor(DiagnosticsEngine &D) {
  if (auto *Existing = dynamic_cast<UnknownAttributeInterceptor *>(D.getClient()))
    return Existing;
  DiagnosticConsumer *Inner = D.getClient();
  std::unique_ptr<DiagnosticConsumer> Owned = D.takeClient();
  auto *I = new UnknownAttributeInterceptor(Inner, std::move(Owned));
  D.setClient(I, /*ShouldOwnClient=*/true);
  return I;
}

void reportUnknownAttributes(DiagnosticsEngine &D, UnknownAttributeInterceptor *I) {
  if (!I)
    return;
  for (const UnknownSprigAttr &U : I->takePending()) {
    bool Exact = false;
    for (const char *Valid : kAttributeNames)
      Exact |= U.name == Valid;
    if (Exact) {  // a valid name Clang did not know: neither C nor C++
      report(D, U.loc, Diag::LanguageNotSupported) << U.name;
      continue;
    }
    const char *Best = nullptr;
    unsigned BestDist = 3;  // suggest only close matches
    for (const char *Valid : kAttributeNames) {
      unsigned Dist = llvm::StringRef(U.name).edit_distance(Valid);
      if (Dist <= BestDist)
        Best = Valid, BestDist = Dist;
    }
    if (Best) {
      report(D, U.loc, Diag::UnknownDidYouMean) << U.name << Best;
    } else {
      report(D, U.loc, Diag::Unknown) << U.name;
    }
  }
}

}  // namespace sprig
