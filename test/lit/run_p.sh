#!/usr/bin/env bash
# run_p.sh SERIAL PARALLEL [ARGS...]
# Runs the serial elision once, then the parallel build at SPRIG_NWORKERS=1,2,4,8 (8 is
# oversubscribed on 2 cores), SPRIGTEST_RUN_REPEAT times each (default 3), and fails on any
# difference of output or exit status, or a run over 120 s (a hang).
set -u
serial=$1; par=$2; shift 2
expected=$(timeout 120 "$serial" "$@"); erc=$?
[ $erc -eq 124 ] && { echo "run_p: serial elision timed out"; exit 1; }
# 126/127: not executable / not found; above 128: killed by a signal. Then there is no
# serial answer to compare with, and both failing alike must not pass.
[ $erc -ge 126 ] && { echo "run_p: the serial elision did not run (exit $erc)"; exit 1; }
repeat=${SPRIGTEST_RUN_REPEAT:-3}
for p in 1 2 4 8; do
  for ((i = 0; i < repeat; i++)); do
    got=$(SPRIG_NWORKERS=$p timeout 120 "$par" "$@"); rc=$?
    if [ $rc -ne $erc ] || [ "$got" != "$expected" ]; then
      echo "run_p: SPRIG_NWORKERS=$p run $i differs from the serial elision (exit $rc vs $erc)"
      echo "--- serial:"; echo "$expected" | head -20
      echo "--- parallel:"; echo "$got" | head -20
      exit 1
    fi
  done
done
echo "$expected"
