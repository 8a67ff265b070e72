; The statement's landing pad leads to a block outside it that merges values with a
; phi: the parent's rebuilt landing pad could not supply them.
; RUN: not %opt -passes=sprig-lower -disable-output %s 2>&1 | FileCheck %s
; CHECK: sprig: internal error: unexpected exception-path merge after a spawn

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare ptr @__sprig_tag_0(ptr)
declare void @work(i32)
declare i32 @arg()
declare void @use(i32)
declare i32 @__gxx_personality_v0(...)

define void @f(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @work)
  %a = invoke i32 @arg() to label %call unwind label %lpad
call:
  call void %fp(i32 %a)
  call void @__sprig_spawn_end(i32 0)
  br i1 %c, label %other, label %done
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  br label %merge
other:
  br label %merge
merge:
  %p = phi i32 [ 1, %lpad ], [ 2, %other ]
  call void @use(i32 %p)
  br label %done
done:
  ret void
}
