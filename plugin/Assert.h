//===- plugin/Assert.h - assertions on the plugin's own preconditions ------===//
//
// SPRIG_ASSERT(Cond, Msg): a condition the plugin's own code relies on (the rewrite kept
// its contract, a shape invariant holds, a frame field is where the lowering put it),
// not a property of the user's program (those are diagnostics: frontend/Diagnostics.def,
// ModuleContext::fail). Active in a build with the compile definition SPRIG_ASSERTIONS
// (CMake: -DSPRIG_ASSERTIONS=ON); otherwise compiled out: Cond and Msg are not evaluated
// and cost nothing. Independent of LLVM's own NDEBUG, which Debian's release LLVM sets.
//
// A failed assertion prints Msg, the IR function being transformed (the innermost
// AssertFunctionScope, if any), the condition and where it is checked, then aborts:
//
//   sprig: assertion failed: a spawned statement holds no other spawn and no sync
//     in function 'fib'
//     condition: !holdsMarkers(R)
//     at plugin/lower/OutlineSpawn.cpp:262 (outlineSpawn)
//
// Msg is a string literal or an llvm::Twine expression (built only on failure).
// Each assertion must be free of side effects: the build without them produces the same
// code (scripts/asm-identical.sh compares the two).
//===----------------------------------------------------------------------===//
#pragma once

#ifdef SPRIG_ASSERTIONS
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

namespace sprig {
namespace detail {
// The IR function the pass in this thread is transforming (AssertFunctionScope).
inline thread_local const llvm::Function *AssertFunction = nullptr;

[[noreturn]] inline void assertionFailed(const char *Cond, const llvm::Twine &Msg,
                                         const char *File, unsigned Line,
                                         const char *Where) {
  llvm::raw_ostream &OS = llvm::errs();
  OS << "sprig: assertion failed: " << Msg << "\n";
  if (AssertFunction)
    OS << "  in function '" << AssertFunction->getName() << "'\n";
  OS << "  condition: " << Cond << "\n  at " << File << ":" << Line << " (" << Where
     << ")\n";
  OS.flush();
  std::abort();
}
}  // namespace detail

// Names F in the assertions that fail while it lives (scopes nest: the innermost wins).
class AssertFunctionScope {
public:
  explicit AssertFunctionScope(const llvm::Function &F) : Outer(detail::AssertFunction) {
    detail::AssertFunction = &F;
  }
  ~AssertFunctionScope() { detail::AssertFunction = Outer; }
  AssertFunctionScope(const AssertFunctionScope &) = delete;
  AssertFunctionScope &operator=(const AssertFunctionScope &) = delete;

private:
  const llvm::Function *Outer;
};
}  // namespace sprig

#define SPRIG_ASSERT(Cond, Msg)                                                            \
  do {                                                                                     \
    if (!(Cond))                                                                           \
      ::sprig::detail::assertionFailed(#Cond, (Msg), __FILE__, __LINE__, __func__);        \
  } while (false)

#else  // !SPRIG_ASSERTIONS

namespace llvm {
class Function;
}  // namespace llvm

namespace sprig {
class AssertFunctionScope {
public:
  explicit AssertFunctionScope(const llvm::Function &) {}
};
}  // namespace sprig

// Cond stays an unevaluated operand: the names it uses still count as used.
#define SPRIG_ASSERT(Cond, Msg)                                                            \
  do {                                                                                     \
    (void)sizeof(!(Cond));                                                                 \
  } while (false)

#endif  // SPRIG_ASSERTIONS
