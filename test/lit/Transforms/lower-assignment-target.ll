; `*dst = get(0)` spawned: the target (bracketed by __sprig_lhs_begin and
; __sprig_lhs_0) is evaluated after the arguments and before the detach and the call.
; RUN: %opt -passes=sprig-lower -S %s | FileCheck %s

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare ptr @__sprig_tag_0(ptr)
declare void @__sprig_lhs_begin()
declare ptr @__sprig_lhs_0(ptr)
declare i32 @get(i32) nounwind
declare i32 @arg() nounwind
declare ptr @target(ptr) nounwind

define void @f(ptr %p) {
entry:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @get)
  %a = call i32 @arg()
  %v = call i32 %fp(i32 %a)
  call void @__sprig_lhs_begin()
  %t = call ptr @target(ptr %p)
  %dst = call ptr @__sprig_lhs_0(ptr %t)
  store i32 %v, ptr %dst
  call void @__sprig_spawn_end(i32 0)
  ret void
}

; Control flows arguments -> target -> detach -> call (blocks in that order by their
; branches, not their layout).
; CHECK-LABEL: define internal void @f.sprig.spawn.0
; CHECK: spawn.body:
; CHECK-NEXT: %a = call i32 @arg()
; CHECK-NEXT: br label %spawn.target
; CHECK: spawn.call.at:
; CHECK-NEXT: %sprig.child.no = call i32 @__sprig_bc_detach_bound(ptr %parent)
; CHECK-NEXT: store i32 %sprig.child.no
; CHECK-NEXT: %v = call i32 @get(i32 %a)
; CHECK: spawn.target:
; CHECK-NEXT: %t = call ptr @target(ptr %0)
; CHECK-NEXT: br label %spawn.call.at
; CHECK: spawn.target.done:
; CHECK-NEXT: store i32 %v, ptr %t
