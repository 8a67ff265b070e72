/*===- runtime/abi_bitcode.c - the inline fast paths, as LLVM bitcode ------===*
 *
 * Built to lib/sprig/abi.bc. The IR pass (plugin/LowerSpawns.cpp) links these
 * functions into every module it lowers and inlines them (always_inline, internal), so
 * generated code runs exactly the fast paths of sprig/abi.h: one source for both the
 * plugin and hand-lowered code. The capture of a continuation cannot live in a
 * function (it must capture the spawning function's own frame), so the pass emits it
 * itself (plugin/RuntimeABI.cpp).
 *===----------------------------------------------------------------------===*/
#include "sprig/abi.h"

void __sprig_bc_enter_frame(sprig_frame *sf) { sprig_enter_frame(sf); }
void __sprig_bc_enter_frame_ra(sprig_frame *sf) { sprig_enter_frame_ra(sf); }
void __sprig_bc_bind(sprig_frame *sf) { sprig_bind(sf); }
uint32_t __sprig_bc_detach_bound(sprig_frame *parent) { return sprig_detach_bound(parent); }
void __sprig_bc_leave_helper(sprig_frame *parent) { sprig_leave_helper(parent); }
void __sprig_bc_leave_helper_scoped(sprig_frame *parent, sprig_scope *s) {
  sprig_leave_helper_scoped(parent, s);
}
void __sprig_bc_leave_frame(sprig_frame *sf) { sprig_leave_frame(sf); }
void __sprig_bc_count_spawn(void) { sprig_count_spawn(); }
/* The serial gate's thread-local read (plugin/SerialClone.cpp; sprig_run_serially). */
struct sprig_worker *__sprig_bc_self(void) { return sprig_self(); }
