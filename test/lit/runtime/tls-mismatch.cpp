// An executable whose code reads its own __sprig_tls_worker (local-exec, the plugin's
// default) needs the runtime to use that same variable; the module's constructor checks
// it with __sprig_check_tls. Here the call is made by hand with another thread-local's
// address: a clear message and an abort. The program itself (its constructor made the
// real check) runs.
// RUN: %sprigxx -O2 %s -o %t
// RUN: %t ok | FileCheck %s --check-prefix=OK
// RUN: %expect_exit 134 %t bad 2>&1 | FileCheck %s
// CHECK: sprig: this program reads its own __sprig_tls_worker ({{.*}}) but the runtime uses another ({{.*}}): the executable's definition did not take the runtime's place
// OK: 55
#include <sprig/abi.h>
#include <cstdio>
#include <cstring>
#include "../exec/Inputs/pfib.h"
static thread_local void *other;
int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "bad") == 0)
    __sprig_check_tls(&other);
  std::printf("%ld\n", pfib(10));
}
