; The passes link the runtime's fast paths from abi.bc next to the plugin: a plugin
; copied without it says so.
; RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %passplugin %t.dir/
; RUN: not opt -load-pass-plugin=%t.dir/SprigPlugin.so -passes=sprig-lower -disable-output %s 2>&1 | FileCheck %s
; CHECK: sprig: cannot read the ABI bitcode '{{.*}}abi.bc'

declare void @__sprig_spawn_begin(i32)
declare void @__sprig_spawn_end(i32)
declare ptr @__sprig_tag_0(ptr)
declare void @work(i32)

define void @f() {
entry:
  call void @__sprig_spawn_begin(i32 0)
  %fp = call ptr @__sprig_tag_0(ptr @work)
  call void %fp(i32 0)
  call void @__sprig_spawn_end(i32 0)
  ret void
}
