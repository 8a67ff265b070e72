// A host that dlopens and dlcloses a Sprig library (dlclose-sprig-library.test).
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>
// Whether a Sprig runtime is still loaded: libsprig.so.0, or a sanitizer variant
// (libsprig-tsan.so.0, libsprig-asan.so.0) in the sanitizer jobs.
static bool libsprig_mapped() {
  bool found = false;
  dl_iterate_phdr(
      [](dl_phdr_info *info, size_t, void *data) {
        const char *slash = std::strrchr(info->dlpi_name, '/');
        const char *base = slash ? slash + 1 : info->dlpi_name;
        if (std::strncmp(base, "libsprig", 8) == 0 && std::strstr(base, ".so"))
          *static_cast<bool *>(data) = true;
        return 0;
      },
      &found);
  return found;
}
int main(int argc, char **argv) {
  for (int round = 0; round < 3; ++round) {
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      std::printf("dlopen: %s\n", dlerror());
      return 1;
    }
    auto f = reinterpret_cast<long (*)(int)>(dlsym(h, "plug_fib"));
    std::printf("round %d: plug_fib(22)=%ld\n", round, f(22));
    std::fflush(stdout);
    dlclose(h);
    std::printf("libsprig still mapped: %s\n", libsprig_mapped() ? "yes" : "no");
    std::fflush(stdout);
    usleep(100000);  // idle workers wake from their futex timeouts meanwhile
  }
  std::printf("host exits normally\n");
}
