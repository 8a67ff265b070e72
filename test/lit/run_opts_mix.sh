#!/usr/bin/env bash
# run_opts_mix.sh SPRIGCC SPRIGXX CC CXX CSRC CXXSRC OUT [FLAGS...]
# A program of one C file and one C++ file. The serial elision (CSRC by CC, CXXSRC by
# CXX, both -O2, linked by CXX) against the parallel build (CSRC by SPRIGCC, CXXSRC by
# SPRIGXX, linked by SPRIGXX) at -O0, -O1, -O2 and -O3, each run by run_p.sh at
# SPRIG_NWORKERS=1,2,4,8. FLAGS go to every compile. Prints the serial output once;
# fails on the first difference.
set -u
sprigcc=$1; sprigxx=$2; cc=$3; cxx=$4; csrc=$5; cxxsrc=$6; out=$7; shift 7
here=$(dirname "$0")
$cc -O2 -Wno-unknown-attributes "$@" -c "$csrc" -o "$out.serial-c.o" || exit 1
$cxx -O2 -Wno-unknown-attributes "$@" -c "$cxxsrc" -o "$out.serial-cxx.o" || exit 1
$cxx "$out.serial-c.o" "$out.serial-cxx.o" -o "$out.serial" || exit 1
for o in -O0 -O1 -O2 -O3; do
  $sprigcc $o "$@" -c "$csrc" -o "$out.par$o-c.o" || { echo "run_opts_mix: sprigcc $o failed"; exit 1; }
  $sprigxx $o "$@" -c "$cxxsrc" -o "$out.par$o-cxx.o" || { echo "run_opts_mix: sprig++ $o failed"; exit 1; }
  $sprigxx "$out.par$o-c.o" "$out.par$o-cxx.o" -o "$out.par$o" || { echo "run_opts_mix: link $o failed"; exit 1; }
  "$here/run_p.sh" "$out.serial" "$out.par$o" >/dev/null ||
    { echo "run_opts_mix: at $o:"; "$here/run_p.sh" "$out.serial" "$out.par$o"; exit 1; }
done
"$out.serial"
