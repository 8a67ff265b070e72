// firstsol_full, the serial program: bench/firstsol/serial.cpp with FIRSTSOL_FULL=1, the
// full search of the same tree (every board counted; no claim flag read, no cancellation),
// the time that the first-solution search is compared with (bench/firstsol/config.hpp).
#define FIRSTSOL_FULL 1
#include "../firstsol/serial.cpp"
