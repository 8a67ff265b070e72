// sprig++ understands -Wno-sprig-lock-across-spawn and -Wno-sprig-thread-identity (the
// plugin's warnings have no Clang warning group): each becomes a plugin argument, and
// the last of -W... / -Wno-... wins. Plain clang++ would warn about unknown options.
// RUN: %sprigxx -fsyntax-only %s 2>&1 | FileCheck %s --check-prefixes=LOCK,ID
// RUN: %sprigxx -fsyntax-only -Wno-sprig-lock-across-spawn %s 2>&1 | FileCheck %s --check-prefixes=NOLOCK,ID
// RUN: %sprigxx -fsyntax-only -Wno-sprig-thread-identity %s 2>&1 | FileCheck %s --check-prefixes=LOCK,NOID
// RUN: %sprigxx -fsyntax-only -Wno-sprig-lock-across-spawn -Wno-sprig-thread-identity %s 2>&1 | count 0
// RUN: %sprigxx -fsyntax-only -Wno-sprig-lock-across-spawn -Wsprig-lock-across-spawn %s 2>&1 | FileCheck %s --check-prefixes=LOCK,ID
// LOCK: warning: std::lock_guard 'g' is held across a spawn{{.*}}[-Wsprig-lock-across-spawn]
// NOLOCK-NOT: lock-across-spawn
// ID: warning: thread_local variable 'tls' is read after a spawn{{.*}}[-Wsprig-thread-identity]
// NOID-NOT: thread-identity
// NOLOCK-NOT: unknown
// NOID-NOT: unknown
#include <mutex>
std::mutex m;
thread_local int tls;
int f(int);
int g() {
  std::lock_guard<std::mutex> g(m);
  int x;
  [[sprig::spawn]] x = f(1);
  int y = tls;
  [[sprig::sync]];
  return x + y;
}
