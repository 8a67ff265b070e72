; A spawned statement without a tag: the pass cannot tell which call is spawned.
; RUN: not %opt -passes=sprig-lower -disable-output %s 2>&1 | FileCheck %s
; CHECK: sprig: internal error: spawned call not found

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare void @work(i32)

define void @f() {
entry:
  call void @__sprig_spawn_begin(i32 0)
  call void @work(i32 0)
  call void @__sprig_spawn_end(i32 0)
  ret void
}
