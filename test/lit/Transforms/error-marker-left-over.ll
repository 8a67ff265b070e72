; A tag outside any spawned statement stays used after the lowering.
; RUN: not %opt -passes=sprig-lower -disable-output %s 2>&1 | FileCheck %s
; CHECK: sprig: internal error: marker __sprig_tag_0 still used after lowering

declare void @__sprig_sync()
declare ptr @__sprig_tag_0(ptr)
declare void @work(i32)

define void @f() {
entry:
  %fp = call ptr @__sprig_tag_0(ptr @work)
  call void %fp(i32 0)
  call void @__sprig_sync()
  ret void
}
