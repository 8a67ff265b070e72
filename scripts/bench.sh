#!/usr/bin/env bash
# scripts/bench.sh BUILD - Sprig's benchmark suite (GitHub issue 6); `make bench` runs it.
#
# Builds every program of bench/ into BUILD/bench/ (serial, OpenMP and TBB competitors
# with clang++-22 -O2, the Sprig ones with BUILD/bin/sprig++ -O2), runs the suite side by
# side, serial once and each parallel competitor at P=1 and P=all cores (and the profiler's
# `sprig++ --scale` build of each Sprig program once per repetition), BENCH_REPS times
# (interleaved: repetition r of every program runs before repetition r+1 of any, so slow
# drifts of the machine hit every competitor alike), checks every answer, and writes
# docs/bench/results.md (medians, peak RSS, the machine) and docs/bench/speedup.png.
#
# Any wrong answer, crash, hang (BENCH_TIMEOUT) or build error stops the suite with a
# message and exit status 1; no table is written from a failed run.
#
# Environment (all optional):
#   BENCH_REPS=5            repetitions of each (program, P)
#   BENCH_P=<nproc>         the parallel P
#   BENCH_POVER=<4 x P>     Sprig only, also at this many workers (oversubscribed: more
#                           workers than cores; 0 = skip)
#   BENCH_ONLY="fib uts"    a subset of the benchmarks (the report says so)
#   BENCH_TIMEOUT=300       seconds before one run counts as hung
#   BENCH_CELL_SECONDS=100  a (program, P) whose runs took this long in all gets no more
#                           repetitions (a safety net for slow machines; results.md shows
#                           the number of runs of each cell)
#   BENCH_DOCS=docs/bench   where results.md and speedup.png go
set -euo pipefail

die() { echo "bench.sh: $*" >&2; exit 1; }

[ $# -ge 1 ] || die "usage: scripts/bench.sh BUILD_DIR   (e.g. scripts/bench.sh build)"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$(cd "$1" 2>/dev/null && pwd) || die "no build directory '$1' (run 'make build')"
SPRIGXX="$BUILD/bin/sprig++"
[ -x "$SPRIGXX" ] || die "$SPRIGXX missing (run 'make build')"
CXX=${BENCH_CXX:-clang++-22}
command -v "$CXX" >/dev/null || die "$CXX not found (run 'make deps')"

REPS=${BENCH_REPS:-5}
PMAX=${BENCH_P:-$(nproc)}
POVER=${BENCH_POVER:-$((4 * PMAX))}
TIMEOUT=${BENCH_TIMEOUT:-300}
CELL_SECONDS=${BENCH_CELL_SECONDS:-100}
DOCS=${BENCH_DOCS:-$ROOT/docs/bench}
ALL_BENCHES="fib nqueens cilksort matmul uts knapsack spawnloop tinyloop ploop pimbalance heat daxpy sumreduce"
BENCHES=${BENCH_ONLY:-$ALL_BENCHES}
for b in $BENCHES; do [ -d "$ROOT/bench/$b" ] || die "unknown benchmark '$b'"; done
[[ "$REPS" =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPS must be a positive integer"
[[ "$PMAX" =~ ^[1-9][0-9]*$ ]] || die "BENCH_P must be a positive integer"
[[ "$POVER" =~ ^[0-9]+$ ]] || die "BENCH_POVER must be a non-negative integer"

# ---- dependencies: the project's list with the benchmarks' own (peers, gnuplot, GNU
# time for the peak RSS) ----
"$ROOT/scripts/install-deps.sh" --bench || die "missing dependencies (see above)"
for t in gnuplot python3 timeout; do
  command -v $t >/dev/null || die "$t not found (run 'scripts/install-deps.sh --bench')"
done

OUT="$BUILD/bench"
BIN="$OUT/bin"
LOGS="$OUT/logs"
rm -rf "$OUT"
# Published results come from committed code only: with uncommitted changes the report
# goes to the build tree (BENCH_ALLOW_DIRTY=1 publishes anyway, and the report says so).
if ! git -C "$ROOT" diff --quiet HEAD 2>/dev/null && [ "${BENCH_ALLOW_DIRTY:-0}" != 1 ] &&
   [ -z "${BENCH_DOCS:-}" ]; then
  DOCS="$OUT/report"
  echo "bench.sh: the tree has uncommitted changes: writing the report to $DOCS, not" \
       "docs/bench (commit first, or BENCH_ALLOW_DIRTY=1)"
fi
mkdir -p "$BIN" "$LOGS" "$DOCS"

# ---- build ----
FLAGS=(-O2 -std=c++20)
jobs_file="$OUT/build-jobs"
: >"$jobs_file"
add_job() { printf '%s\0' "$*" >>"$jobs_file"; }  # one shell command per job
for b in $BENCHES; do
  src="$ROOT/bench/$b"
  add_job "$CXX ${FLAGS[*]} -Wno-unknown-attributes $src/serial.cpp -o $BIN/${b}_serial"
  [ -f "$src/calls.cpp" ] && add_job "$CXX ${FLAGS[*]} $src/calls.cpp -o $BIN/${b}_calls"
  add_job "$SPRIGXX ${FLAGS[*]} $src/sprig.cpp -o $BIN/${b}_sprig"
  add_job "$SPRIGXX --scale ${FLAGS[*]} $src/sprig.cpp -o $BIN/${b}_scale"
  add_job "$CXX ${FLAGS[*]} $src/tbb.cpp -o $BIN/${b}_tbb -ltbb"
  add_job "$CXX ${FLAGS[*]} -fopenmp $src/omp.cpp -o $BIN/${b}_omp"
done
add_job "$CXX ${FLAGS[*]} -pthread $ROOT/bench/common/capacity.cpp -o $BIN/capacity"
m="$ROOT/bench/micro"
add_job "$SPRIGXX ${FLAGS[*]} $m/sprig.cpp -o $BIN/micro_sprig -lbenchmark -lpthread"
add_job "$CXX ${FLAGS[*]} $m/tbb.cpp -o $BIN/micro_tbb -lbenchmark -ltbb -lpthread"
add_job "$CXX ${FLAGS[*]} -fopenmp $m/omp.cpp -o $BIN/micro_omp -lbenchmark -lpthread"

echo "bench.sh: building $(tr -cd '\0' <"$jobs_file" | wc -c) programs into $BIN"
build_one() {
  local cmd=$1 log
  log="$2/$(echo "$cmd" | sed 's/.* -o \([^ ]*\).*/\1/' | xargs basename).build.log"
  if ! eval "$cmd" >"$log" 2>&1; then
    echo "bench.sh: BUILD FAILED: $cmd" >&2
    cat "$log" >&2
    return 255  # makes xargs stop
  fi
}
export -f build_one
xargs -0 -P "$(nproc)" -I{} bash -c 'build_one "$1" "$2"' _ {} "$LOGS" <"$jobs_file" ||
  die "build failed (see above)"

# ---- run ----
RUNS="$OUT/runs.tsv"
printf 'bench\tcompetitor\tP\trep\tseconds\trss_kb\tresult\n' >"$RUNS"
declare -A SERIAL_RESULT CELL_TIME CELL_RUNS
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
t_start=$(date +%s)

# How much parallel throughput the machine gives (bench/common/capacity.cpp), measured
# before and after the suite: the ceiling for every TS/TP in the report.
CAPACITY=()
measure_capacity() {
  local i v
  for i in 1 2 3; do
    v=$("$BIN/capacity" "$PMAX" | awk '$1 == "CAPACITY" { print $2 }')
    [ -n "$v" ] || die "capacity probe failed"
    CAPACITY+=("$v")
  done
}
measure_capacity
echo "bench.sh: parallel capacity at P=$PMAX (spin loop): ${CAPACITY[*]}"

# run_one BENCH COMPETITOR P REP
run_one() {
  local b=$1 c=$2 p=$3 rep=$4 exe="$BIN/$1_$2" key="$1/$2/$3"
  local out="$LOGS/$b.$c.P$p.rep$rep.out" err="$LOGS/$b.$c.P$p.rep$rep.err"
  local rss="$LOGS/$b.$c.P$p.rep$rep.rss"
  local spent=${CELL_TIME[$key]:-0}
  if [ "$rep" -gt 1 ] && [ "${spent%.*}" -ge "$CELL_SECONDS" ]; then
    return 0  # this cell has had its share of the time budget
  fi
  local rc=0 extra=()
  # The profiler's program (sprig++ --scale): its work/span report, for report.py.
  [ "$c" = scale ] && extra=(SPRIG_SCALE_OUT="$LOGS/$b.scale.rep$rep.csv")
  env SPRIG_NWORKERS="$p" OMP_NUM_THREADS="$p" TBB_NUM_THREADS="$p" "${extra[@]}" \
    /usr/bin/time -f '%M' -o "$rss" timeout "$TIMEOUT" "$exe" >"$out" 2>"$err" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "bench.sh: FAILED: $b/$c at P=$p (repetition $rep): exit status $rc" >&2
    [ "$rc" -eq 124 ] && echo "bench.sh: (no answer within $TIMEOUT s: hung?)" >&2
    echo "--- stdout ($out):" >&2; cat "$out" >&2
    echo "--- stderr ($err):" >&2; tail -n 40 "$err" >&2
    exit 1
  fi
  local result seconds kb
  result=$(awk '$1 == "RESULT" { print $2 }' "$out")
  seconds=$(awk '$1 == "TIME" { print $2 }' "$out")
  kb=$(tail -n 1 "$rss")
  [ -n "$result" ] && [ -n "$seconds" ] ||
    die "$b/$c at P=$p printed no RESULT/TIME line (see $out)"
  if [ "$c" = serial ]; then
    if [ -z "${SERIAL_RESULT[$b]:-}" ]; then SERIAL_RESULT[$b]=$result; fi
  fi
  if [ "$result" != "${SERIAL_RESULT[$b]}" ]; then
    echo "bench.sh: WRONG ANSWER: $b/$c at P=$p (repetition $rep): RESULT $result," \
         "but the serial program's is ${SERIAL_RESULT[$b]}" >&2
    exit 1
  fi
  CELL_TIME[$key]=$(awk -v a="${CELL_TIME[$key]:-0}" -v b="$seconds" 'BEGIN { print a + b }')
  CELL_RUNS[$key]=$(( ${CELL_RUNS[$key]:-0} + 1 ))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$b" "$c" "$p" "$rep" "$seconds" "$kb" "$result" >>"$RUNS"
  printf '  %-10s %-7s P=%-3s %9.4f s %8s KB\n' "$b" "$c" "$p" "$seconds" "$kb"
}

PS_LIST="1"
[ "$PMAX" -gt 1 ] && PS_LIST="1 $PMAX"
for rep in $(seq 1 "$REPS"); do
  echo "bench.sh: repetition $rep of $REPS ($(( $(date +%s) - t_start )) s so far)"
  for b in $BENCHES; do
    for c in serial calls scale; do
      [ -x "$BIN/${b}_$c" ] && run_one "$b" "$c" 1 "$rep"
    done
    for p in $PS_LIST; do
      for c in sprig tbb omp; do
        run_one "$b" "$c" "$p" "$rep"
        # Sprig oversubscribed right after Sprig at P (not after OpenMP's run, which on
        # fib burns both cores for seconds): the two are compared.
        if [ "$c" = sprig ] && [ "$p" = "$PMAX" ] && [ "$POVER" -gt 0 ] &&
           [ "$POVER" != "$PMAX" ] && [ "$POVER" != 1 ]; then
          run_one "$b" sprig "$POVER" "$rep"
        fi
      done
    done
  done
done

# ---- microbenchmarks ----
echo "bench.sh: microbenchmarks"
MICRO="$OUT/micro"
mkdir -p "$MICRO"
GB=(--benchmark_repetitions="$REPS" --benchmark_min_time=0.2)
run_micro() {  # NAME ENV... -- EXE ARGS...
  local name=$1; shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  if ! env "${envs[@]}" timeout "$TIMEOUT" "$@" --benchmark_out="$MICRO/$name.json" \
       --benchmark_out_format=json >"$MICRO/$name.out" 2>"$MICRO/$name.err"; then
    echo "bench.sh: FAILED: microbenchmark $name" >&2
    cat "$MICRO/$name.out" "$MICRO/$name.err" >&2
    exit 1
  fi
  { grep -E '_median' "$MICRO/$name.out" || true; } | sed 's/^/  /'
  if grep -q 'error_occurred\|ERROR OCCURRED' "$MICRO/$name.out" "$MICRO/$name.json"; then
    die "microbenchmark $name reported an error (see $MICRO/$name.out)"
  fi
}
run_micro spawn SPRIG_NWORKERS=1 -- "$BIN/micro_sprig" --benchmark_filter='call|spawn' "${GB[@]}"
run_micro steal SPRIG_NWORKERS=2 SPRIG_STATS=1 -- "$BIN/micro_sprig" --benchmark_filter=steal "${GB[@]}"
run_micro tbb TBB_NUM_THREADS=1 -- "$BIN/micro_tbb" "${GB[@]}"
run_micro omp OMP_NUM_THREADS=1 -- "$BIN/micro_omp" "${GB[@]}"

measure_capacity
echo "bench.sh: parallel capacity at P=$PMAX, before and after: ${CAPACITY[*]}"
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
elapsed=$(( $(date +%s) - t_start ))

# ---- machine ----
MACHINE="$OUT/machine.txt"
{
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "cores=$(nproc)"
  echo "pmax=$PMAX"
  echo "pover=$POVER"
  echo "reps=$REPS"
  echo "kernel=$(uname -sr)"
  echo "cxx=$($CXX --version | head -n 1)"
  echo "sprig=$("$SPRIGXX" --version | head -n 1)"
  echo "tbb=libtbb-dev $(dpkg-query -W -f='${Version}' libtbb-dev 2>/dev/null || echo '?')"
  echo "omp=libomp-22-dev $(dpkg-query -W -f='${Version}' libomp-22-dev 2>/dev/null || echo '?')"
  echo "gbench=libbenchmark-dev $(dpkg-query -W -f='${Version}' libbenchmark-dev 2>/dev/null || echo '?')"
  echo "commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$ROOT" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "load_start=$load_start"
  echo "load_end=$load_end"
  echo "capacity=${CAPACITY[*]}"
  echo "elapsed=$elapsed"
  echo "benches=$BENCHES"
  echo "all_benches=$ALL_BENCHES"
} >"$MACHINE"

# ---- report ----
python3 "$ROOT/bench/report.py" --runs "$RUNS" --micro "$MICRO" --machine "$MACHINE" \
  --docs "$DOCS" --work "$OUT" || die "report failed"
gnuplot "$OUT/speedup.gp" || die "gnuplot failed"
echo "bench.sh: wrote $DOCS/results.md and $DOCS/speedup.png ($elapsed s)"
