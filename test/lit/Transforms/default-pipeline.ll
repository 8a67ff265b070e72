; Loaded as a pass plugin, the passes join the default pipelines too (what clang
; -fpass-plugin and SprigFrontend.so rely on): no marker survives -O2.
; RUN: %opt -passes='default<O2>' -S %s | FileCheck %s

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

; CHECK-NOT: __sprig_spawn_begin
; CHECK-NOT: __sprig_tag_
; CHECK: llvm.eh.sjlj.setjmp
; CHECK: define internal {{.*}}void @f.sprig.spawn.0
