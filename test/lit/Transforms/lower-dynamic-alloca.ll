; alloca in a spawning function comes from a heap arena (a continuation changes stacks),
; released at every exit.
; RUN: %opt -passes=sprig-lower -S %s | FileCheck %s

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare ptr @__sprig_tag_0(ptr)
declare void @fill(ptr)

define void @f(i64 %n) {
entry:
  %buf = alloca i8, i64 %n, align 16
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @fill)
  call void %fp(ptr %buf)
  call void @__sprig_spawn_end(i32 0)
  ret void
}

; CHECK-LABEL: define void @f(i64 %n)
; CHECK: %sprig.arena = alloca ptr
; CHECK: store ptr null, ptr %sprig.arena
; CHECK: %buf{{[0-9]*}} = call ptr @__sprig_alloca(ptr %sprig.arena, i64 %{{[0-9a-z]+}}, i64 16)
; CHECK: call void @__sprig_alloca_release(ptr %sprig.arena, ptr null)
; CHECK: ret void
