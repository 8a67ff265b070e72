//===- plugin/frontend/ThreadBound.h - warnings for thread-bound state across a spawn ===//
//
// The continuation of a spawn may be stolen, and the code after a sync runs on whichever
// thread finished last (docs/design.md section 9): state bound to the thread that ran
// the code before the spawn or sync is not the current thread's after it. Two warnings,
// on by default, each with a note at the spawn or sync and a note saying the fix:
//   -Wsprig-lock-across-spawn  a std::lock_guard, std::unique_lock, std::scoped_lock or
//                              std::shared_lock local alive across a spawn, a sync or the
//                              implicit sync of a return or the function's end; a
//                              pthread_mutex_lock(&m) (or m.lock() of a std:: mutex) not
//                              yet followed by its unlock at a spawn or sync
//   -Wsprig-thread-identity    a thread_local variable read, std::this_thread::get_id(),
//                              pthread_self() or omp_get_thread_num() called after a spawn
//                              and before the sync that follows it
// A scan of the body in source order (not a flow analysis): a lock is held from its
// declaration (or lock call) to the end of its scope (or its unlock); loops are not
// followed around. The statement a warning points at, or the lock's declaration,
// carrying [[sprig::allow_thread_bound]] silences it; -fplugin-arg-sprig-no-lock-across-
// spawn / -no-thread-identity (sprig++ -Wno-sprig-lock-across-spawn /
// -Wno-sprig-thread-identity) turn one off for the translation unit.
//===----------------------------------------------------------------------===//
#pragma once
#include "clang/AST/Decl.h"
#include <set>
#include <utility>

namespace clang {
class DiagnosticsEngine;
}

namespace sprig {

struct ThreadBoundOptions {
  bool locks = true;     // -Wsprig-lock-across-spawn
  bool identity = true;  // -Wsprig-thread-identity
};
// The translation unit's options (set by Plugin.cpp from the plugin's arguments).
ThreadBoundOptions &threadBoundOptions();

// Warn about FD's body (a function with a spawn in its body, not counting its lambdas';
// not a template pattern). Reported holds
// the (location, warning) pairs already reported: a template's instantiations share
// their source, and each warning is reported once.
void warnThreadBound(clang::FunctionDecl *FD, clang::DiagnosticsEngine &D,
                     std::set<std::pair<unsigned, unsigned>> &Reported);

}  // namespace sprig
