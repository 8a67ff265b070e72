//===- plugin/late/ReducerViews.h - the reducer view's lookup, inline ------===//
//
// Late (sprig-fix-frames), where the target says so (LoweringTarget::
// expandsReducerViews: x86-64 ELF, not under --race): each remaining call of
// `__sprig_reducer_view(key, ...)` (early/Reducers.h) is expanded inline:
//   m = the thread-local map (volatile inline asm, as sprig_self())
//   if (m == null)            view = key                (a strand without a steal)
//   else if (m[0] == key)     view = m[1]               (the map's last lookup)
//   else                      view = __sprig_reducer_lookup(m, key, ...)
// So an access costs a load and a compare until a steal. First, a view call in a loop
// that makes no call (so stays in one strand) goes to the loop's preheader.
//===----------------------------------------------------------------------===//
#pragma once

namespace llvm {
class Module;
}  // namespace llvm

namespace sprig {
// True if a call was expanded.
bool expandReducerViews(llvm::Module &M);
}  // namespace sprig
