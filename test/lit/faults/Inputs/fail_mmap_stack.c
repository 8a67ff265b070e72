/* LD_PRELOAD shim: every mmap with MAP_STACK (the runtime's fiber stacks) fails with
 * ENOMEM once FAIL_MMAP_STACK_AFTER such calls have succeeded (default 0). Other
 * mappings (malloc, thread stacks made by glibc) are left alone. */
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
static int seen;
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
  static void *(*real)(void *, size_t, int, int, int, off_t);
  if (!real)
    real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
  if (flags & MAP_STACK) {
    const char *e = getenv("FAIL_MMAP_STACK_AFTER");
    int after = e ? atoi(e) : 0;
    if (__atomic_fetch_add(&seen, 1, __ATOMIC_RELAXED) >= after) {
      errno = ENOMEM;
      return MAP_FAILED;
    }
  }
  return real(addr, len, prot, flags, fd, off);
}
