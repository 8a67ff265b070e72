; A value the spawned statement computes is used by the continuation: the rewrite
; must route results through memory (the child may not have run yet).
; RUN: not %opt -passes=sprig-lower -disable-output %s 2>&1 | FileCheck %s
; CHECK: sprig: internal error: a value computed by a spawned statement is used after it

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare ptr @__sprig_tag_0(ptr)
declare i32 @get(i32)

define i32 @f() {
entry:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @get)
  %v = call i32 %fp(i32 0)
  call void @__sprig_spawn_end(i32 0)
  ret i32 %v
}
