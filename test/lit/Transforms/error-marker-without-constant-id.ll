; A spawn marker's id must be a constant (the rewrite numbers every spawn).
; RUN: not %opt -passes=sprig-lower -disable-output %s 2>&1 | FileCheck %s
; CHECK: sprig: internal error: a spawn marker without a constant id

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare ptr @__sprig_tag_0(ptr)
declare void @work(i32)

define void @f(i32 %id) {
entry:
  call void @__sprig_spawn_begin(i32 %id)
  %fp = call ptr @__sprig_tag_0(ptr @work)
  call void %fp(i32 0)
  call void @__sprig_spawn_end(i32 %id)
  ret void
}
