; -sprig-stats prints what the lowering did (LLVM's -stats is empty in a release LLVM).
; RUN: %opt -passes=sprig-lower -sprig-stats -disable-output %s 2>&1 | FileCheck %s
; CHECK: === Sprig statistics ===
; CHECK-DAG: 2 sprig-lower{{ +}}Spawns lowered
; CHECK-DAG: 2 sprig-lower{{ +}}Spawn helpers created
; CHECK-DAG: 1 sprig-lower{{ +}}Spawning functions lowered

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare void @__sprig_sync()
declare ptr @__sprig_tag_0(ptr)
declare ptr @__sprig_tag_1(ptr)
declare void @work(i32)

define void @f(i32 %n) {
entry:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @work)
  call void %fp(i32 %n)
  call void @__sprig_spawn_end(i32 0)
  call void @__sprig_spawn_begin(i32 1)
  %fp1 = call ptr @__sprig_tag_1(ptr @work)
  call void %fp1(i32 %n)
  call void @__sprig_spawn_end(i32 1)
  call void @__sprig_sync()
  ret void
}
