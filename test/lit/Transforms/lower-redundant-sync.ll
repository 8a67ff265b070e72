; A sync reached only from another sync waits for nothing: only one sync test remains.
; RUN: %opt -passes=sprig-lower -S %s | FileCheck %s

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare void @__sprig_sync()
declare ptr @__sprig_tag_0(ptr)
declare void @work(i32)

define void @f() {
entry:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @work)
  call void %fp(i32 0)
  call void @__sprig_spawn_end(i32 0)
  call void @__sprig_sync()
  call void @__sprig_sync()
  ret void
}

; CHECK-LABEL: define void @f()
; CHECK: sprig.sync.suspend:
; CHECK-NOT: sprig.sync.suspend{{[0-9]+}}:
; CHECK-LABEL: define internal void @f.sprig.spawn.0
