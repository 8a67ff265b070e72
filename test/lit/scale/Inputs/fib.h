// fib for the profiler and race-detector tests: the suite's parallel fib (exec/Inputs/
// pfib.h) under the name the README uses. (fib's DAG, for Inputs/fib_model.py, is pfib's:
// the wrapper is a call, not a strand boundary.)
#pragma once
#include "../../exec/Inputs/pfib.h"
inline long fib(int n) { return pfib(n); }
