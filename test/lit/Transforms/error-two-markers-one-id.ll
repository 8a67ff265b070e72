; Two begin markers carry the same id: the pairing of begins with ends is broken.
; RUN: not %opt -passes=sprig-lower -disable-output %s 2>&1 | FileCheck %s
; CHECK: sprig: internal error: two spawn markers with one id

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare ptr @__sprig_tag_0(ptr)
declare void @work(i32)

define void @f() {
entry:
  call void @__sprig_spawn_begin(i32 0)
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @work)
  call void %fp(i32 0)
  call void @__sprig_spawn_end(i32 0)
  ret void
}
