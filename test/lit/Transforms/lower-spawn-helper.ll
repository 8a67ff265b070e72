; One spawn: the statement becomes a helper (internal, noinline, "sprig-helper") that
; detaches right before the spawned call; the parent enters its frame at the first
; spawn, captures its continuation with a nomerge returns_twice setjmp, and calls the
; helper when the setjmp returns 0. No marker is left. This module has no target
; triple, so it gets the setjmp capture of targets other than x86-64 ELF (the
; return-address capture: lower-spawn-return-address.ll).
; RUN: %opt -passes=sprig-lower -S %s | FileCheck %s

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
; CHECK: call void @__sprig_bc_enter_frame(ptr %sprig.frame)
; CHECK-NEXT: call void @__sprig_bc_bind(ptr %sprig.frame)
; CHECK: %sprig.resumed = call i32 @llvm.eh.sjlj.setjmp(ptr %sprig.ctx) #[[SJ:[0-9]+]]
; CHECK: spawn.call:
; CHECK-NEXT: invoke void @f.sprig.spawn.0(ptr %sprig.frame, i32 %n)
; CHECK: call void @work(i32 1)
; CHECK: call void @__sprig_sync_suspend(ptr %sprig.frame)
; CHECK: call void @__sprig_bc_leave_frame(ptr %sprig.frame)
; CHECK: ret void

; CHECK-LABEL: define internal void @f.sprig.spawn.0(ptr %parent, i32 %0)
; CHECK-SAME: #[[HELPER:[0-9]+]]
; CHECK: %sprig.child.no = call i32 @__sprig_bc_detach_bound(ptr %parent)
; CHECK-NEXT: store i32 %sprig.child.no
; CHECK-NEXT: call void @work(i32 %0)
; CHECK: call void @__sprig_bc_leave_helper(ptr %parent)

; CHECK-NOT: __sprig_spawn_begin
; CHECK-NOT: __sprig_tag_
; CHECK-DAG: attributes #[[SPAWNER]] = { noinline "frame-pointer"="all" "no-realign-stack" "sprig-spawner" }
; CHECK-DAG: attributes #[[HELPER]] = { noinline "sprig-helper" }
; CHECK-DAG: attributes #[[SJ]] = { nomerge returns_twice }
