; A function that syncs but never spawns waits for nothing: its syncs vanish and it
; gets no frame.
; RUN: %opt -passes=sprig-lower -S %s | FileCheck %s

declare void @__sprig_sync()
declare void @work(i32)

define void @g() {
entry:
  call void @work(i32 0)
  call void @__sprig_sync()
  ret void
}

; CHECK-LABEL: define void @g()
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @work(i32 0)
; CHECK-NEXT: ret void
; CHECK-NOT: sprig.frame
; CHECK-NOT: __sprig_sync
