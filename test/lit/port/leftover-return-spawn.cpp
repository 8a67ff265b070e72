// return cilk_spawn f(); stays and is reported (spawn into a variable, return it after
// the sync); exit status 1.
// RUN: %expect_exit 1 %sprig_port %s > %t.cpp 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// ERR: leftover-return-spawn.cpp:[[@LINE+3]]: return cilk_spawn f(): Sprig does not spawn a return (it would wait for the child at once); write r = f(args); and return r after the sync
// OUT: {{^}}long g() { return cilk_spawn f(); }{{$}}
long f();
long g() { return cilk_spawn f(); }
