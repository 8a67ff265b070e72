//===- runtime/assertions.cpp - a failed SPRIG_ASSERT: say where, and abort ===//
//
// Compiled to nothing unless SPRIG_ASSERTIONS (runtime/assertions.h).
//===----------------------------------------------------------------------===//
#include "assertions.h"

#if SPRIG_ASSERTIONS
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace sprig {

// write(2) only: the check may fail anywhere, a signal handler or a worker holding a
// lock of stdio included.
static void put(const char *s) { (void)!write(2, s, std::strlen(s)); }

void assert_fail(const char *file, int line, const char *cond, const char *msg) {
  char num[16];
  int i = sizeof num;
  num[--i] = 0;
  unsigned v = line > 0 ? static_cast<unsigned>(line) : 0;
  do
    num[--i] = static_cast<char>('0' + v % 10);
  while ((v /= 10) && i > 0);
  put("sprig: assertion failed: ");
  put(file);
  put(":");
  put(num + i);
  put(": ");
  put(cond);
  put(": ");
  put(msg);
  put("\n");
  std::abort();
}

}  // namespace sprig

// The checks of the public headers' inline paths (SPRIG_ABI_ASSERT, sprig/deque.h),
// in the runtime's own translation units.
extern "C" __attribute__((visibility("hidden"))) void
__sprig_assert_fail(const char *file, int line, const char *cond, const char *msg) {
  sprig::assert_fail(file, line, cond, msg);
}

#endif  // SPRIG_ASSERTIONS
