#!/usr/bin/env bash
# run_same.sh SPRIGXX SRC OUT [FLAGS...]
# For programs whose parallel output is not the serial elision's but must not depend on
# the schedule (sprig::dprand: a value of the pedigree, which the elision cannot see):
# SPRIGXX at -O0, -O1, -O2 and -O3, each run at SPRIG_NWORKERS=1,2,3,4,8,16 (up to 8
# times oversubscribed on 2 cores), SPRIGTEST_RUN_REPEAT times each (default 3). Every
# output and exit status must equal the first run's (-O0, one worker). Prints it.
set -u
sprigxx=$1; src=$2; out=$3; shift 3
expected=""; erc=""
repeat=${SPRIGTEST_RUN_REPEAT:-3}
for o in -O0 -O1 -O2 -O3; do
  # shellcheck disable=SC2086 # word splitting of the flags is intended
  $sprigxx $o ${RUN_OPTS_SPRIG_FLAGS-} "$@" "$src" -o "$out.par$o" ||
    { echo "run_same: $(basename "$sprigxx") $o failed"; exit 1; }
  for p in 1 2 3 4 8 16; do
    for ((i = 0; i < repeat; i++)); do
      got=$(SPRIG_NWORKERS=$p timeout 120 "$out.par$o"); rc=$?
      if [ -z "$erc" ]; then
        expected=$got; erc=$rc
        [ $rc -ge 124 ] && { echo "run_same: -O0 at one worker: exit $rc"; echo "$got"; exit 1; }
      elif [ $rc -ne $erc ] || [ "$got" != "$expected" ]; then
        echo "run_same: $o at SPRIG_NWORKERS=$p (run $i) differs from -O0 at one worker (exit $rc vs $erc)"
        echo "--- -O0, one worker:"; echo "$expected" | head -20
        echo "--- this run:"; echo "$got" | head -20
        exit 1
      fi
    done
  done
done
echo "$expected"
