; An exception unwinding through a spawning function waits for its children before
; any cleanup runs; a call that may throw outside any EH scope gets an exit pad.
; RUN: %opt -passes=sprig-lower -S %s | FileCheck %s

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare ptr @__sprig_tag_0(ptr)
declare void @work(i32)
declare void @cleanup()
declare i32 @__gxx_personality_v0(...)

define void @f() personality ptr @__gxx_personality_v0 {
entry:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @work)
  call void %fp(i32 0)
  call void @__sprig_spawn_end(i32 0)
  invoke void @work(i32 1) to label %done unwind label %lpad
done:
  call void @work(i32 2)
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @cleanup()
  resume { ptr, i32 } %lp
}

; CHECK-LABEL: define void @f()
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad
; CHECK: sprig.lpad.suspend:
; CHECK: invoke void @__sprig_exception_in_flight(ptr %sprig.frame
; CHECK: sprig.lpad.synced:
; CHECK-NEXT: invoke void @cleanup()
; CHECK: sprig.eh.exit:
