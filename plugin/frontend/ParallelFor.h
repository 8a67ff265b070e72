//===- plugin/frontend/ParallelFor.h - parallel_for: the loop's form and rewrite ===//
//
// A parallel loop is a canonical for loop (docs/forms.md, "Parallel loops"):
//   for (T i = first; i OP bound; INC) body
//   T: an integer, a pointer or a random-access iterator; OP: < <= > >= !=;
//   INC: ++i i++ --i i-- i += step i -= step (bound and step do not use i).
// The body may not leave the loop (return, goto out, co_*), nor change i. It may `break`
// (at its top level: not inside an inner loop or switch, whose break it would be): the
// loop then ends as the serial loop would (the first break or throw in iteration order
// wins; docs/forms.md).
//
// The rewrite (frontend half of the lowering) turns it into straight-line code with
// markers (Markers.h) that the IR pass early/ParallelLoops.cpp outlines:
//   {
//     T first = <init of i>;  B end = bound;  UC step = step;     evaluated once
//     size_t n = <trip count>;  size_t grain = <grainsize or 0>;  no overflow
//     __sprig_pfor_begin(id, n, grain);                           the region starts
//     { size_t k = __sprig_pfor_index(id);                        iteration k of n
//       try { T i = first +/- k * step;  do body' while (0);  [sync] }
//       catch (...) { __sprig_pfor_catch(id); }                   kept, first k wins
//     }
//     __sprig_pfor_end(id);                                       rethrows it here
//   }
// body' is the body with each `break;` of its top level made
// `{ __sprig_pfor_break(id); break; }`: the break still leaves the do-while(0), i.e. ends
// the iteration, and the marker records that iteration k ended the loop.
// Types and operators come from Sema (overloaded iterator operators included), on the
// complete (instantiated) function.
//===----------------------------------------------------------------------===//
#pragma once
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <functional>
#include <optional>

namespace clang {
class Sema;
class DiagnosticsEngine;
}  // namespace clang

namespace sprig {

struct LoopForm {
  clang::AttributedStmt *stmt;
  clang::ForStmt *loop;
  clang::VarDecl *var;   // the induction variable
  clang::Expr *bound;    // the comparison's other operand, as the comparison sees it
  clang::Expr *varSide;  // the induction variable's operand, as the comparison sees it
  clang::BinaryOperatorKind cmp;  // with the variable on the left: LT LE GT GE NE
  bool up;                        // ++ / += (else -- / -=)
  clang::Expr *step;              // null: 1
  clang::Expr *grain;             // null: the default grain
};

// The form of a loop carrying sprig.parallel_for, or nullopt after reporting an error
// that names the attribute and the fix. `Grain` is the argument of sprig.grainsize, if
// any.
std::optional<LoopForm> classifyParallelFor(clang::DiagnosticsEngine &D,
                                            clang::AttributedStmt *AS,
                                            clang::SourceLocation AttrLoc);

// Marker calls the rewrite needs (Rewrite.cpp builds them).
struct LoopMarkers {
  std::function<clang::Expr *(unsigned Id, clang::Expr *N, clang::Expr *Grain)> begin;
  std::function<clang::Expr *(unsigned Id)> index, caught, end, brk;
  std::function<clang::Expr *()> sync;
};

// The statement that replaces the attributed loop, or null after reporting an error
// (e.g. an iterator type without the random-access operators).
clang::Stmt *rewriteParallelFor(clang::Sema &S, clang::FunctionDecl *FD, LoopForm &L,
                                unsigned Id, bool BodySpawns, const LoopMarkers &M);

// Does S (not counting lambdas, blocks and local classes) contain a spawn?
bool containsSpawn(const clang::Stmt *S);

}  // namespace sprig
