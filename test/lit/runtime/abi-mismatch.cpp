// A module built against another sprig/abi.h is stopped when it loads, before any of its
// frames exists: the constructor every lowered module carries calls __sprig_check_abi
// with its magic (ABI 10; frames no longer carry it). Here the call is made by hand with
// a wrong magic: a clear message and an abort; with the right one, nothing happens.
// RUN: %sprigxx -O2 %s -o %t
// RUN: %t ok | FileCheck %s --check-prefix=OK
// RUN: %expect_exit 134 %t bad 2>&1 | FileCheck %s
// CHECK: sprig: ABI mismatch: code was compiled against sprig/abi.h with magic 0x{{[0-9a-f]+}} but this runtime expects 0x{{[0-9a-f]+}} (version {{[0-9]+}}); rebuild it with this Sprig
// OK: fine
#include <sprig/abi.h>
#include <cstdio>
#include <cstring>
int main(int argc, char **argv) {
  bool bad = argc > 1 && std::strcmp(argv[1], "bad") == 0;
  __sprig_check_abi(bad ? SPRIG_ABI_MAGIC ^ 0x40u : SPRIG_ABI_MAGIC);
  std::printf("fine\n");
}
