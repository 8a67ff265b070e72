// A plug-in built with sprig++ (dlclose-sprig-library.test).
#include "../../exec/Inputs/pfib.h"
extern "C" long plug_fib(int n) { return pfib(n); }
