// The driver: --race compiles with ThreadSanitizer's instrumentation and links
// libsprig-race (not libtsan), with line tables when no -g was given; --race and --scale
// together are a clear error; --race is in sprig++ --help; compiling and linking apart
// works; the plugin argument alone is the same lowering.
// RUN: rm -rf %t && mkdir %t
// RUN: %sprigxx --race -O1 -c %s -o %t/a.o
// RUN: %sprigxx --race %t/a.o -o %t/a.out
// RUN: %expect_exit 66 %t/a.out 2>&1 | FileCheck --check-prefix=RACE %s
// RUN: ldd %t/a.out | FileCheck --check-prefix=LDD %s
// RUN: not %sprigxx --race --scale -c %s -o %t/b.o 2>&1 | FileCheck --check-prefix=BOTH %s
// RUN: %sprigxx --help | FileCheck --check-prefix=HELP %s
// RUN: %sprigxx -O1 -fplugin-arg-sprig-race -S -emit-llvm %s -o - | FileCheck --check-prefix=IR %s
// RACE: sprig race: 1 distinct race
// LDD: libsprig-race.so
// LDD-NOT: libtsan
// BOTH: sprig++: error: --scale and --race build different programs
// HELP: --race
// IR-LABEL: define {{.*}}main
// IR: call i32 @__sprig_race_enter()
// IR: call i32 @__sprig_race_spawn(
// IR: call void @__sprig_race_spawned(
// IR: call void @__sprig_race_sync(
// IR: call void @__sprig_race_leave(
// IR: @sprig.race.init
int x;
__attribute__((noinline)) void w(int v) { x = v; }
int main() {
  [[sprig::spawn]] w(1);
  w(2);
  [[sprig::sync]];
  return x == 2 ? 0 : 1;
}
