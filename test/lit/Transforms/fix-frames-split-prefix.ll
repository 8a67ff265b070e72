; The late pass: a lowered function whose early return never spawns becomes a frameless
; wrapper that tail-calls the lowered body (after the scalar clean-ups of any pipeline).
; RUN: %opt -passes='sprig-lower,function(sroa,instcombine,simplifycfg),sprig-fix-frames' -S %s | FileCheck %s
; RUN: %opt -passes='sprig-lower,function(sroa,instcombine,simplifycfg),sprig-fix-frames' -sprig-split-prefix=0 -sprig-serial-gate=0 -S %s | FileCheck %s --check-prefix=WHOLE

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare void @__sprig_sync()
declare ptr @__sprig_tag_0(ptr)
declare void @f(i32)

define void @r(i32 %n) {
entry:
  %leaf = icmp slt i32 %n, 2
  br i1 %leaf, label %out, label %rec
rec:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @f)
  call void %fp(i32 %n)
  call void @__sprig_spawn_end(i32 0)
  call void @f(i32 %n)
  call void @__sprig_sync()
  br label %out
out:
  ret void
}

; CHECK-LABEL: define void @r(i32 %n)
; CHECK: musttail call void @r.sprig.body(i32 %n)
; CHECK-NOT: sprig.frame
; CHECK-LABEL: define {{.*}} @r.sprig.body(i32 %n)
; CHECK: sprig.frame

; WHOLE-LABEL: define void @r(i32 %n)
; WHOLE-NOT: musttail
; WHOLE: sprig.frame
