/* LD_PRELOAD shim: every mmap with MAP_STACK (the runtime's fiber stacks) fails with
 * ENOMEM once FAIL_MMAP_STACK_AFTER such calls have succeeded (default 0). Other
 * mappings (malloc, thread stacks made by glibc) are left alone. With
 * FAIL_MMAP_STACK_REPORT=1 it says at exit, on stderr, how many it let through and how
 * many it refused, so that a test can tell that the failure it injects did happen. */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
static int seen, refused;
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
  static void *(*real)(void *, size_t, int, int, int, off_t);
  if (!real)
    real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
  if (flags & MAP_STACK) {
    const char *e = getenv("FAIL_MMAP_STACK_AFTER");
    int after = e ? atoi(e) : 0;
    if (__atomic_fetch_add(&seen, 1, __ATOMIC_RELAXED) >= after) {
      __atomic_fetch_add(&refused, 1, __ATOMIC_RELAXED);
      errno = ENOMEM;
      return MAP_FAILED;
    }
  }
  return real(addr, len, prot, flags, fd, off);
}
__attribute__((destructor)) static void report(void) {
  const char *e = getenv("FAIL_MMAP_STACK_REPORT");
  if (e && atoi(e) == 1) {
    int n = __atomic_load_n(&seen, __ATOMIC_RELAXED);
    int r = __atomic_load_n(&refused, __ATOMIC_RELAXED);
    fprintf(stderr, "fail-mmap-stack: %d MAP_STACK mappings let through, %d refused\n",
            n - r, r);
  }
}
