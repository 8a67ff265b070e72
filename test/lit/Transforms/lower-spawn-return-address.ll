; One spawn on x86-64 ELF: a return-address continuation (docs/design.md,
; "Continuations"). The parent stores its frame and stack pointers into the frame's ctx
; once, where it enters the frame at its first spawn, and calls the helper with the
; preserve_none convention: no setjmp anywhere. The helper's return address is the
; parent's resume point; the helper stores nothing of it (ABI 11: a thief reads it from
; the stack below ctx[SP]), and the frame is entered without SPRIG_FRAME_PC_IN_CTX. The sync
; suspends through a preserve_none call of __sprig_sync_capture (through the GOT).
; RUN: %opt -passes=sprig-lower -S %s | FileCheck %s
; RUN: %opt -passes=sprig-lower -S %s | FileCheck %s --check-prefix=DECL

target triple = "x86_64-pc-linux-gnu"

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare void @__sprig_sync()
declare ptr @__sprig_tag_0(ptr)
declare void @work(i32) nounwind

define void @f(i32 %n) {
entry:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @work)
  call void %fp(i32 %n)
  call void @__sprig_spawn_end(i32 0)
  call void @work(i32 1)
  call void @__sprig_sync()
  ret void
}

; CHECK-LABEL: define void @f(i32 %n)
; CHECK-SAME: #[[SPAWNER:[0-9]+]]
; CHECK: %sprig.frame = alloca [{{[0-9]+}} x i8], align 16, !sprig.frame
; CHECK: store i32 0, ptr %sprig.frame
; CHECK: call void @__sprig_bc_enter_frame_ra(ptr %sprig.frame)
; CHECK-NEXT: call void @__sprig_bc_bind(ptr %sprig.frame)
; CHECK: %[[FA:.*]] = call ptr @llvm.frameaddress.p0(i32 0)
; CHECK: store ptr %[[FA]], ptr %sprig.ctx.fp
; CHECK: %[[SP:.*]] = call ptr @llvm.stacksave.p0()
; CHECK: store ptr %[[SP]], ptr %sprig.ctx.sp
; CHECK-NOT: setjmp
; CHECK: invoke preserve_nonecc void @f.sprig.spawn.0(ptr %sprig.frame, i32 %n)
; CHECK: call void @work(i32 1)
; CHECK: call preserve_nonecc void @__sprig_sync_capture(ptr %sprig.frame)
; CHECK-NOT: unreachable
; CHECK: sprig.sync.resumed:
; CHECK: call void @__sprig_bc_leave_frame(ptr %sprig.frame)
; CHECK: ret void

; CHECK-LABEL: define internal preserve_nonecc void @f.sprig.spawn.0(ptr %parent, i32 %0)
; CHECK-SAME: #[[HELPER:[0-9]+]]
; CHECK-NOT: @llvm.returnaddress
; CHECK: %sprig.child.no = call i32 @__sprig_bc_detach_bound(ptr %parent)
; CHECK-NEXT: store i32 %sprig.child.no
; CHECK-NEXT: call void @work(i32 %0)
; CHECK: call void @__sprig_bc_leave_helper(ptr %parent)

; CHECK-NOT: __sprig_spawn_begin
; CHECK-NOT: __sprig_tag_
; CHECK-DAG: attributes #[[SPAWNER]] = { noinline "frame-pointer"="all" "no-realign-stack" "sprig-spawner" }
; CHECK-DAG: attributes #[[HELPER]] = { noinline "sprig-helper" }
; CHECK-NOT: setjmp
; The link hint (driver/link-hint.test): a module with spawns refers to the symbol whose
; name says to link the runtime.
; DECL: @__sprig_runtime_not_linked__link_with_sprigxx_or_add_lsprig = external constant i8
; DECL: @sprig.link.hint = private constant ptr @__sprig_runtime_not_linked__link_with_sprigxx_or_add_lsprig
; The serial clone and the gate's thread-local read are kept (llvm.compiler.used) for
; the late pass (late/SerialGate.cpp; Transforms/serial-clone.ll).
; DECL: @llvm.compiler.used = appending global [3 x ptr] [ptr @sprig.link.hint, ptr @f.sprig.serial, ptr @__sprig_bc_self]
; DECL: declare preserve_nonecc void @__sprig_sync_capture(ptr) #[[CAP:[0-9]+]]
; DECL: attributes #[[CAP]] = { nounwind nonlazybind }
