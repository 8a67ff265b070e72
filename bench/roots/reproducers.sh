#!/usr/bin/env bash
# Issue 13's reproducers (../shared/repro on the developers' machines), each built with
# sprig++ and as its serial elision, then run RUNS times (default 100) at SPRIG_NWORKERS
# 1, 2, 4 and 8 with a 60 s timeout each: every run must print what the serial build
# prints (sig.cpp: no wrong result, the handled count varies with timing).
#   bench/roots/reproducers.sh [REPRO_DIR] [RUNS]
# Prints one line per program and worker count: runs, failures, hangs, slowest run.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
repro=${1:-$here/../shared/repro}
runs=${2:-100}
sprigxx=${SPRIGXX:-$here/build/bin/sprig++}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() {  # name source [extra flags]
  local name=$1 src=$2; shift 2
  "$sprigxx" -O2 "$@" "$src" -o "$work/$name.par" 2>/dev/null &&
    clang++-22 -O2 -Wno-unknown-attributes -pthread "$@" "$src" -o "$work/$name.ser" 2>/dev/null ||
    { echo "$name: build failed"; exit 1; }
}
build thread_in_child "$repro/runtime/thread_in_child.cpp"
build async_in_spawn "$repro/runtime/async_in_spawn.cpp" -fopenmp
build fork_busy "$repro/runtime/fork_busy.cpp"
build sig "$repro/runtime/sig.cpp"
build root_mutex "$repro/lowering/root-mutex-deadlock.cpp"
status=0
check() {  # label name [args]
  local label=$1 name=$2; shift 2
  local expected; expected=$("$work/$name.ser" "$@")
  for p in 1 2 4 8; do
    local bad=0 hung=0 worst=0
    for ((i = 0; i < runs; i++)); do
      local t0; t0=$(date +%s%N)
      local got; got=$(SPRIG_NWORKERS=$p timeout 60 "$work/$name.par" "$@" 2>&1); local rc=$?
      local ms=$((($(date +%s%N) - t0) / 1000000))
      ((ms > worst)) && worst=$ms
      if [ $rc -eq 124 ]; then hung=$((hung + 1))
      elif [ "$name" = sig ]; then
        [[ $rc -eq 0 && $got =~ ^main\ bad=0\ handled=[0-9]+\ handler_wrong=0$ ]] || bad=$((bad + 1))
      elif [ $rc -ne 0 ] || [ "$got" != "$expected" ]; then bad=$((bad + 1))
      fi
    done
    printf '%-22s P=%d  runs=%d  wrong=%d  hung=%d  slowest=%d ms\n' "$label" "$p" "$runs" "$bad" "$hung" "$worst"
    ((bad + hung)) && status=1
  done
}
check thread_in_child thread_in_child
check "async_in_spawn 0" async_in_spawn 0
check "async_in_spawn 1" async_in_spawn 1
check fork_busy fork_busy
check "sig 2000" sig 2000
check root-mutex-deadlock root_mutex
exit $status
