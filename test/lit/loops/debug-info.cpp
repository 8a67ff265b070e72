// Parallel loops built with -g at -O0..-O3 (P=1,2,4,8 against the serial elision): the
// chunk functions carry none of the enclosing function's debug information, including
// the assignment-tracking links of -O1 and above (a crash in codegen before they were
// dropped).
// RUN: %run_opts %S/nested-and-spawning.cpp %t -g | FileCheck %S/nested-and-spawning.cpp
