//===- plugin/frontend/ReducerChecks.h - reducer variables in the frontend ===//
//
// A reducer variable (`[[sprig::reducer(identity, reduce)]] T x`, accepted by
// Attributes.cpp) names the current strand's view wherever it is used; the IR pass
// (early/Reducers.h) makes every use of its address a lookup of that view. The frontend
// rejects what that cannot make right and ends each local reducer's scope:
//   - a lambda that captures a local reducer by reference would keep one strand's view
//     (the one that made the lambda), and so would a spawned call given its address or
//     a reference (the child would update the parent's view): errors;
//   - `[[sprig::reducer(id, red)]] T x = e;`  ->  T x = e, *__sprig_reducer_scope
//                                                  __attribute__((cleanup(
//                                                    __sprig_reducer_scope_end))) = &x;
//     The extra declarator is destroyed just before x, on every way out of its scope
//     (exceptions too): the runtime reduces this strand's view of x, if it has one,
//     into x and forgets x (runtime/reducer.cpp). Its registration is the IR pass's
//     (early/Reducers.h), at x's annotation, before x's initialization.
//===----------------------------------------------------------------------===//
#pragma once
#include "Diagnostics.h"

namespace clang {
class CallExpr;
class DiagnosticsEngine;
class FunctionDecl;
}  // namespace clang

namespace sprig {
class MarkerCalls;

// No lambda of FD's body captures a reducer variable by reference (else reported).
bool checkReducerUses(clang::FunctionDecl *FD, CheckOnce &Once,
                      clang::DiagnosticsEngine &D);
// No argument of the spawned call, and not its object, is a reducer variable's address
// or a reference to one (else reported).
bool checkSpawnedReducerArgs(clang::CallExpr *Call, CheckOnce &Once,
                             clang::DiagnosticsEngine &D);
// Give every local reducer declared in FD's body (not its lambdas') the cleanup that
// ends its scope.
void guardLocalReducers(clang::FunctionDecl *FD, MarkerCalls &Markers);

}  // namespace sprig
