; Every spawning function keeps its serial elision, F.sprig.serial (plugin/early/SerialClone.cpp):
; the early pass clones it before lowering it, removes the markers from the clone and
; points the clone's direct calls of spawning functions at their clones. The late pass
; puts the serial gate where the frame would begin (before the jump into the body of a
; split function, else at the entry): while __sprig_serial_gate is up, a thread that is no worker tail-calls
; F.sprig.serial.root, which runs the clone between __sprig_serial_root_enter and
; _leave (also when it throws).
; RUN: %opt -passes=sprig-lower -S %s | FileCheck %s --check-prefix=EARLY
; RUN: %opt -passes='sprig-lower,function(sroa,instcombine,simplifycfg),sprig-fix-frames' -sprig-inline-children=0 -sprig-preserve-none-entries=0 -S %s | FileCheck %s --check-prefix=LATE
; RUN: %opt -passes='sprig-lower,function(sroa,instcombine,simplifycfg),sprig-fix-frames' -sprig-serial-gate=0 -S %s | FileCheck %s --check-prefix=OFF

target triple = "x86_64-pc-linux-gnu"

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare void @__sprig_sync()
declare ptr @__sprig_tag_0(ptr)
declare ptr @__sprig_tag_1(ptr)
declare ptr @__sprig_tag_2(ptr)
declare void @work(i32)
declare i32 @__gxx_personality_v0(...)

; A recursion with a leaf: split, the gate goes where the body is entered.
define void @rec(i32 %n) personality ptr @__gxx_personality_v0 {
entry:
  %leaf = icmp slt i32 %n, 2
  br i1 %leaf, label %out, label %go
go:
  %a = sub i32 %n, 1
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @rec)
  call void %fp(i32 %a)
  call void @__sprig_spawn_end(i32 0)
  %b = sub i32 %n, 2
  call void @rec(i32 %b)
  call void @__sprig_sync()
  br label %out
out:
  ret void
}

; Always spawns: not split, the gate goes at the entry. Its clone calls rec's clone.
define void @top(i32 %n) {
entry:
  call void @__sprig_spawn_begin(i32 1)
  %fp = call ptr @__sprig_tag_1(ptr @work)
  call void %fp(i32 %n)
  call void @__sprig_spawn_end(i32 1)
  call void @rec(i32 %n)
  call void @__sprig_sync()
  ret void
}

; Nothing in it throws.
declare void @quiet_work(i32) nounwind
define void @quiet(i32 %n) nounwind {
entry:
  call void @__sprig_spawn_begin(i32 2)
  %fp = call ptr @__sprig_tag_2(ptr @quiet_work)
  call void %fp(i32 %n)
  call void @__sprig_spawn_end(i32 2)
  call void @quiet_work(i32 %n)
  call void @__sprig_sync()
  ret void
}

; EARLY: @llvm.compiler.used = appending global {{.*}}ptr @quiet.sprig.serial, ptr @top.sprig.serial, ptr @rec.sprig.serial, ptr @__sprig_bc_self]
; EARLY: define void @rec(i32 %n) {{.*}}!sprig.serial ![[RS:[0-9]+]]
; EARLY: define void @top(i32 %n) {{.*}}!sprig.serial ![[TS:[0-9]+]]
; EARLY: define internal void @top.sprig.serial(i32 %n) {{.*}}#[[SER:[0-9]+]]
; EARLY-NOT: __sprig_
; EARLY: call void @work(i32 %n)
; EARLY-NEXT: call void @rec.sprig.serial(i32 %n)
; EARLY-NEXT: ret void
; EARLY: define internal void @rec.sprig.serial(i32 %n) {{.*}}#[[SER]]
; EARLY-NOT: __sprig_
; EARLY: call void @rec.sprig.serial(i32 %a)
; EARLY-NOT: __sprig_
; EARLY: call void @rec.sprig.serial(i32 %b)
; EARLY-NOT: __sprig_
; EARLY: ret void
; EARLY-DAG: attributes #[[SER]] = { {{.*}}"sprig-serial"{{.*}} }
; EARLY-DAG: ![[RS]] = !{ptr @rec.sprig.serial}
; EARLY-DAG: ![[TS]] = !{ptr @top.sprig.serial}

; LATE-NOT: llvm.compiler.used{{.*}}sprig.serial
; The gate: the thread's worker first (a worker goes on at once), the gate only on a
; thread that is no worker.
; LATE-LABEL: define void @rec(i32 %n)
; LATE-NOT: sprig.frame
; LATE: asm sideeffect "movq __sprig_tls_worker@gottpoff
; LATE-NEXT: icmp eq ptr %{{.*}}, null
; LATE-NEXT: br i1 %{{.*}}, label %sprig.no.worker, label %sprig.parallel, !prof
; LATE: sprig.no.worker:
; LATE-NEXT: %sprig.gate = load atomic i32, ptr @__sprig_serial_gate monotonic, align 4
; LATE: sprig.serial:
; LATE-NEXT: musttail call void @rec.sprig.serial.root(i32 %n)
; LATE-NEXT: ret void
; LATE: sprig.parallel:
; LATE-NEXT: musttail call void @rec.sprig.body(i32 %n)
; LATE-NEXT: ret void
; A function that could not be split tests the gate at its entry, after its allocas.
; LATE-LABEL: define void @top(i32 %n)
; LATE-NEXT: entry:
; LATE-NEXT: %sprig.frame = alloca
; LATE-NOT: store
; LATE: asm sideeffect "movq __sprig_tls_worker@gottpoff
; LATE: %sprig.gate = load atomic i32, ptr @__sprig_serial_gate monotonic
; LATE: musttail call void @top.sprig.serial.root(i32 %n)
; LATE: sprig.parallel:
; LATE: store i32 0, ptr %sprig.frame
; LATE: invoke preserve_nonecc void @top.sprig.spawn.1(
; A call after a spawn goes to the callee's worker entry.
; LATE: invoke void @rec.sprig.worker(i32 %n)
; LATE-LABEL: define internal void @top.sprig.serial(i32 %n)
; LATE: call void @rec.sprig.serial(i32 %n)
; LATE-LABEL: define internal void @rec.sprig.serial(i32 %n)
; Calls made on a worker skip the gate: a helper's spawned call (after the detach) and,
; in a body, a call after a spawn go to the worker entry of a split function (a copy of
; its wrapper without the gate).
; LATE-LABEL: define internal preserve_nonecc void @rec.sprig.spawn.2(
; LATE: @__sprig_bc_detach_bound
; LATE: invoke void @rec.sprig.worker(i32 %0)
; LATE-LABEL: define internal void @rec.sprig.body(i32 %n)
; LATE: invoke preserve_nonecc void @rec.sprig.spawn.2(
; LATE: invoke void @rec.sprig.worker(i32 %b)
; LATE-LABEL: define internal void @rec.sprig.worker(i32 %n)
; LATE-NOT: __sprig_serial_gate
; LATE: musttail call void @rec.sprig.body(i32 %n)
; LATE-LABEL: define internal void @rec.sprig.serial.root(i32 %0) {{.*}}personality ptr @__gxx_personality_v0
; LATE-NEXT: entry:
; LATE-NEXT: call void @__sprig_serial_root_enter()
; LATE-NEXT: invoke void @rec.sprig.serial(i32 %0)
; LATE-NEXT: to label %ok unwind label %unwind
; LATE: ok:
; LATE-NEXT: call void @__sprig_serial_root_leave()
; LATE-NEXT: ret void
; LATE: unwind:
; LATE-NEXT: landingpad { ptr, i32 }
; LATE-NEXT: cleanup
; LATE-NEXT: call void @__sprig_serial_root_leave()
; LATE-NEXT: resume
; LATE-LABEL: define internal void @top.sprig.serial.root(i32 %0)
; LATE: invoke void @top.sprig.serial(i32 %0)
; A clone that cannot throw: a plain call.
; LATE-LABEL: define internal void @quiet.sprig.serial.root(i32 %0)
; LATE-NEXT: entry:
; LATE-NEXT: call void @__sprig_serial_root_enter()
; LATE-NEXT: call void @quiet.sprig.serial(i32 %0)
; LATE-NEXT: call void @__sprig_serial_root_leave()
; LATE-NEXT: ret void
; LATE-NOT: @__sprig_bc_self

; OFF-NOT: sprig.serial
; OFF-NOT: __sprig_serial_gate
