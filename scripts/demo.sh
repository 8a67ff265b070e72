#!/usr/bin/env bash
# scripts/demo.sh BUILD - a two-minute tour of Sprig; `make demo` runs it.
#
# 1. Builds examples/fib.cpp with BUILD/bin/sprig++ -O2 and runs fib(36) with one worker
#    and with all of them (nproc), printing both times and the speedup.
# 2. Builds every other example (examples/*.cpp) and runs each once with all workers;
#    each checks its own answer (sortedness, known counts, a recomputation) and exits
#    non-zero if it is wrong, which stops the demo with a message.
# Binaries go to BUILD/demo/.
set -euo pipefail

die() { echo "demo.sh: $*" >&2; exit 1; }

[ $# -ge 1 ] || die "usage: scripts/demo.sh BUILD_DIR   (e.g. scripts/demo.sh build)"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$(cd "$1" 2>/dev/null && pwd) || die "no build directory '$1' (run 'make build')"
SPRIGXX="$BUILD/bin/sprig++"
[ -x "$SPRIGXX" ] || die "$SPRIGXX missing (run 'make build')"
OUT="$BUILD/demo"
mkdir -p "$OUT"
NW=$(nproc)
FIB_N=${DEMO_FIB_N:-36}

compile() {  # NAME
  "$SPRIGXX" -O2 -std=c++20 "$ROOT/examples/$1.cpp" -o "$OUT/$1" 2>"$OUT/$1.build.log" || {
    cat "$OUT/$1.build.log" >&2
    die "could not build examples/$1.cpp"
  }
}

# run NAME WORKERS ARGS... -> prints the program's stdout; sets SECONDS_TAKEN
run() {
  local name=$1 w=$2 rc=0
  shift 2
  SPRIG_NWORKERS=$w "$OUT/$name" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
  if [ "$rc" -ne 0 ]; then
    cat "$OUT/$name.out" "$OUT/$name.err" >&2
    die "examples/$name failed with $w workers (exit status $rc)"
  fi
  SECONDS_TAKEN=$(sed -n 's/^time: \([0-9.]*\) s$/\1/p' "$OUT/$name.err")
  [ -n "$SECONDS_TAKEN" ] || die "examples/$name printed no 'time:' line"
}

echo "== fib($FIB_N): every call with n >= 2 spawns fib(n-1) (examples/fib.cpp)"
compile fib
expect=$(awk -v n="$FIB_N" 'BEGIN { a = 0; b = 1; for (i = 0; i < n; i++) { t = a + b; a = b; b = t } print a }')
run fib 1 "$FIB_N"
t1=$SECONDS_TAKEN
out1=$(cat "$OUT/fib.out")
run fib "$NW" "$FIB_N"
tp=$SECONDS_TAKEN
outp=$(cat "$OUT/fib.out")
for o in "$out1" "$outp"; do
  [ "$o" = "fib($FIB_N) = $expect" ] || die "fib printed '$o', expected 'fib($FIB_N) = $expect'"
done
echo "   $outp"
printf '   SPRIG_NWORKERS=1:  %s s\n' "$t1"
printf '   SPRIG_NWORKERS=%s:  %s s\n' "$NW" "$tp"
awk -v a="$t1" -v b="$tp" -v p="$NW" 'BEGIN {
  if (b > 0) printf "   speedup: %.2fx on %d workers\n", a / b, p }'

echo
echo "== the other examples, each once with $NW workers, each checking its own answer"
for src in "$ROOT"/examples/*.cpp; do
  name=$(basename "$src" .cpp)
  [ "$name" = fib ] && continue
  compile "$name"
  run "$name" "$NW"
  printf '   %-10s %-56s %8s s\n' "$name" "$(head -n 1 "$OUT/$name.out")" "$SECONDS_TAKEN"
done
echo
echo "demo.sh: all examples ran and checked their answers"
