// A host that dlopens and dlcloses a Sprig library (dlclose-sprig-library.test).
#include <cstdio>
#include <dlfcn.h>
#include <unistd.h>
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
    std::printf("libsprig still mapped: %s\n",
                dlopen("libsprig.so.0", RTLD_NOW | RTLD_NOLOAD) ? "yes" : "no");
    std::fflush(stdout);
    usleep(100000);  // idle workers wake from their futex timeouts meanwhile
  }
  std::printf("host exits normally\n");
}
