#!/usr/bin/env bash
# run_opts.sh SPRIGXX CLANGXX SRC OUT [FLAGS...]
# The serial elision (CLANGXX -O2 -Wno-unknown-attributes) against the parallel build
# (SPRIGXX) at -O0, -O1, -O2 and -O3, each run by run_p.sh at SPRIG_NWORKERS=1,2,4,8.
# For C (%run_opts_c): SPRIGXX is sprigcc and CLANGXX the C elision's compiler (gcc,
# which takes -Wno-unknown-attributes as an unknown -Wno- option: silently).
# Prints the serial output once; fails on the first difference.
# $RUN_OPTS_SPRIG_FLAGS, if set, goes to sprig++ only (e.g. -mllvm switches of the plugin).
set -u
sprigxx=$1; clangxx=$2; src=$3; out=$4; shift 4
here=$(dirname "$0")
$clangxx -O2 -Wno-unknown-attributes "$@" "$src" -o "$out.serial" || exit 1
for o in -O0 -O1 -O2 -O3; do
  # shellcheck disable=SC2086 # word splitting of the flags is intended
  $sprigxx $o ${RUN_OPTS_SPRIG_FLAGS-} "$@" "$src" -o "$out.par$o" || { echo "run_opts: $(basename "$sprigxx") $o failed"; exit 1; }
  "$here/run_p.sh" "$out.serial" "$out.par$o" >/dev/null ||
    { echo "run_opts: at $o:"; "$here/run_p.sh" "$out.serial" "$out.par$o"; exit 1; }
done
"$out.serial"
