; An assignment target's begin marker without its end (__sprig_lhs_N).
; RUN: not %opt -passes=sprig-lower -disable-output %s 2>&1 | FileCheck %s
; CHECK: sprig: internal error: unmatched assignment-target markers

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare ptr @__sprig_tag_0(ptr)
declare void @__sprig_lhs_begin()
declare i32 @get(i32)

define void @f(ptr %dst) {
entry:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @get)
  %v = call i32 %fp(i32 0)
  call void @__sprig_lhs_begin()
  store i32 %v, ptr %dst
  call void @__sprig_spawn_end(i32 0)
  ret void
}
