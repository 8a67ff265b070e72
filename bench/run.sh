#!/usr/bin/env bash
# bench/run.sh OUT - the runner of Sprig's benchmark suite. `scripts/bench.sh --build-only
# DIR` copies it to DIR/run.sh next to DIR/bin (the programs), DIR/lib (the shared
# libraries they need) and DIR/build.txt (what built them); `bash DIR/run.sh OUT` then
# runs the suite on any x86-64 Linux with bash, coreutils and python3: no compiler, no
# network, no Sprig checkout. `scripts/bench.sh --report OUT` turns OUT into results.md
# and the plots (on a machine with gnuplot: the one that built DIR, say).
#
# It runs the serial program (and the other P=1-only programs: fib's call per node, the
# profiler's build) once per repetition and every parallel competitor at every P of
# BENCH_PS, BENCH_REPS times, interleaved (repetition r of every program runs before
# repetition r+1 of any, so slow drifts of the machine hit every competitor alike);
# checks every answer against the serial program's; then the microbenchmarks and the
# wake-up latency. Raw results only, into OUT: runs.tsv (one line per run), logs/,
# micro/ (Google Benchmark JSON), wakeup/ (one file per P), machine.txt (build.txt plus
# this machine and this run). Any wrong answer, crash or hang stops it with status 1.
#
# Environment (all optional):
#   BENCH_PS="1 2 4 8 16"   the Ps of every parallel competitor (default "1 BENCH_P");
#                           1 is always added (T_1, the overhead on one core)
#   BENCH_P=<nproc>         the largest P when BENCH_PS is not given
#   BENCH_REPS=5            repetitions of each (program, P); the report gives medians
#   BENCH_POVER=<4 x max P> Sprig only, also at this many workers (oversubscribed; 0 = skip)
#   BENCH_ONLY="fib uts"    a subset of the benchmarks built into DIR
#   BENCH_TIMEOUT=300       seconds before one run counts as hung
#   BENCH_CELL_SECONDS=100  a (program, P) whose runs took this long in all gets no more
#                           repetitions (results.md shows each cell's number of runs)
#   BENCH_SIZE_<bench>=N    the benchmark's size argument (tests and quick checks only:
#                           the report flags sizes that are not the suite's)
#   BENCH_WAKEUP_SAMPLES=40 samples of the wake-up latency at each P
#   BENCH_SKIP_MICRO=1      no microbenchmarks (quick checks only; the report says so)
set -euo pipefail

die() { echo "run.sh: $*" >&2; exit 1; }

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[ $# -eq 1 ] || die "usage: $0 OUT_DIR   (raw results go to OUT_DIR)"
BIN="$HERE/bin"
[ -f "$HERE/build.txt" ] && [ -d "$BIN" ] ||
  die "$HERE is not a benchmark folder (made by scripts/bench.sh --build-only)"
for t in timeout python3 awk; do command -v $t >/dev/null || die "$t not found"; done
export LD_LIBRARY_PATH="$HERE/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

mkdir -p "$1"
OUT=$(cd "$1" && pwd)
LOGS="$OUT/logs"
MICRO="$OUT/micro"
WAKE="$OUT/wakeup"
rm -rf "$LOGS" "$MICRO" "$WAKE" "$OUT/runs.tsv" "$OUT/machine.txt"
mkdir -p "$LOGS" "$MICRO" "$WAKE"

build_val() { sed -n "s/^$1=//p" "$HERE/build.txt"; }
BUILT=$(build_val built)
REPS=${BENCH_REPS:-5}
PDEF=${BENCH_P:-$(nproc)}
[[ "$REPS" =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPS must be a positive integer"
[[ "$PDEF" =~ ^[1-9][0-9]*$ ]] || die "BENCH_P must be a positive integer"
PS_IN=${BENCH_PS:-1 $PDEF}
for p in $PS_IN; do
  [[ "$p" =~ ^[1-9][0-9]*$ ]] || die "BENCH_PS: '$p' is not a positive integer"
done
PS_LIST=$(printf '%s\n' 1 $PS_IN | sort -n -u | tr '\n' ' ' | sed 's/ $//')
PMAX=${PS_LIST##* }
POVER=${BENCH_POVER:-$((4 * PMAX))}
[[ "$POVER" =~ ^[0-9]+$ ]] || die "BENCH_POVER must be a non-negative integer"
TIMEOUT=${BENCH_TIMEOUT:-300}
CELL_SECONDS=${BENCH_CELL_SECONDS:-100}
WAKE_SAMPLES=${BENCH_WAKEUP_SAMPLES:-40}
BENCHES=${BENCH_ONLY:-$BUILT}
for b in $BENCHES; do
  [ -x "$BIN/${b}_serial" ] || die "benchmark '$b' is not in $BIN (built: $BUILT)"
done

# Peak RSS of a run: GNU time where there is one, else python3's getrusage (Ubuntu's
# minimal images have no /usr/bin/time). Either way the file's last line is KiB.
if /usr/bin/time -f '%M' -o /dev/null true 2>/dev/null; then
  RSS=(/usr/bin/time -f '%M' -o)  # then FILE COMMAND...
  RSS_TOOL="GNU time"
else
  RSS=(python3 -c '
import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
open(sys.argv[1], "w").write("%d\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(rc if rc >= 0 else 128 - rc)')
  RSS_TOOL="python3 getrusage"
fi

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
echo "run.sh: parallel capacity at P=$PMAX (spin loop): ${CAPACITY[*]}"

# run_one BENCH COMPETITOR P REP
run_one() {
  local b=$1 c=$2 p=$3 rep=$4 exe="$BIN/$1_$2" key="$1/$2/$3"
  local out="$LOGS/$b.$c.P$p.rep$rep.out" err="$LOGS/$b.$c.P$p.rep$rep.err"
  local rss="$LOGS/$b.$c.P$p.rep$rep.rss"
  local spent=${CELL_TIME[$key]:-0}
  if [ "$rep" -gt 1 ] && [ "${spent%.*}" -ge "$CELL_SECONDS" ]; then
    return 0  # this cell has had its share of the time budget
  fi
  local rc=0 extra=() size_var="BENCH_SIZE_$b" args=()
  [ -n "${!size_var:-}" ] && args=("${!size_var}")
  # The profiler's program (sprig++ --scale): its work/span report, for report.py.
  [ "$c" = scale ] && extra=(SPRIG_SCALE_OUT="$LOGS/$b.scale.rep$rep.csv")
  env SPRIG_NWORKERS="$p" OMP_NUM_THREADS="$p" TBB_NUM_THREADS="$p" "${extra[@]}" \
    "${RSS[@]}" "$rss" timeout "$TIMEOUT" "$exe" "${args[@]}" >"$out" 2>"$err" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "run.sh: FAILED: $b/$c at P=$p (repetition $rep): exit status $rc" >&2
    [ "$rc" -eq 124 ] && echo "run.sh: (no answer within $TIMEOUT s: hung?)" >&2
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
  if [ "$c" = serial ] && [ -z "${SERIAL_RESULT[$b]:-}" ]; then
    SERIAL_RESULT[$b]=$result
  fi
  if [ "$result" != "${SERIAL_RESULT[$b]}" ]; then
    echo "run.sh: WRONG ANSWER: $b/$c at P=$p (repetition $rep): RESULT $result," \
         "but the serial program's is ${SERIAL_RESULT[$b]}" >&2
    exit 1
  fi
  CELL_TIME[$key]=$(awk -v a="${CELL_TIME[$key]:-0}" -v b="$seconds" 'BEGIN { print a + b }')
  CELL_RUNS[$key]=$(( ${CELL_RUNS[$key]:-0} + 1 ))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$b" "$c" "$p" "$rep" "$seconds" "$kb" "$result" >>"$RUNS"
  printf '  %-10s %-7s P=%-3s %9.4f s %8s KB\n' "$b" "$c" "$p" "$seconds" "$kb"
}

echo "run.sh: $BENCHES; P = $PS_LIST; $REPS repetitions; peak RSS by $RSS_TOOL"
for rep in $(seq 1 "$REPS"); do
  echo "run.sh: repetition $rep of $REPS ($(( $(date +%s) - t_start )) s so far)"
  for b in $BENCHES; do
    for c in serial calls scale; do
      [ -x "$BIN/${b}_$c" ] && run_one "$b" "$c" 1 "$rep"
    done
    for p in $PS_LIST; do
      for c in sprig tbb omp; do
        # A benchmark without an omp.cpp (firstsol) has no OpenMP program; bench.sh
        # builds every source there is or stops, so a missing program is no failure.
        [ "$c" = omp ] && [ ! -x "$BIN/${b}_omp" ] && continue
        run_one "$b" "$c" "$p" "$rep"
        # Sprig oversubscribed right after Sprig at the largest P (not after OpenMP's
        # run, which on fib burns every core for seconds): the two are compared.
        if [ "$c" = sprig ] && [ "$p" = "$PMAX" ] && [ "$POVER" -gt 0 ] &&
           [ "$POVER" != "$PMAX" ] && [ "$POVER" != 1 ]; then
          run_one "$b" sprig "$POVER" "$rep"
        fi
      done
    done
  done
done

# ---- microbenchmarks ----
run_micro() {  # NAME ENV... -- EXE ARGS...
  local name=$1; shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  if ! env "${envs[@]}" timeout "$TIMEOUT" "$@" --benchmark_out="$MICRO/$name.json" \
       --benchmark_out_format=json >"$MICRO/$name.out" 2>"$MICRO/$name.err"; then
    echo "run.sh: FAILED: microbenchmark $name" >&2
    cat "$MICRO/$name.out" "$MICRO/$name.err" >&2
    exit 1
  fi
  { grep -E '_median' "$MICRO/$name.out" || true; } | sed 's/^/  /'
  if grep -q 'error_occurred\|ERROR OCCURRED' "$MICRO/$name.out" "$MICRO/$name.json"; then
    die "microbenchmark $name reported an error (see $MICRO/$name.out)"
  fi
}
if [ "${BENCH_SKIP_MICRO:-0}" = 1 ]; then
  echo "run.sh: microbenchmarks skipped (BENCH_SKIP_MICRO=1)"
else
  echo "run.sh: microbenchmarks"
  GB=(--benchmark_repetitions="$REPS" --benchmark_min_time=0.2)
  run_micro spawn SPRIG_NWORKERS=1 -- "$BIN/micro_sprig" --benchmark_filter='call|spawn|reducer|fib' "${GB[@]}"
  run_micro steal SPRIG_NWORKERS=2 SPRIG_STATS=1 -- "$BIN/micro_sprig" --benchmark_filter=steal "${GB[@]}"
  run_micro tbb TBB_NUM_THREADS=1 -- "$BIN/micro_tbb" "${GB[@]}"
  run_micro omp OMP_NUM_THREADS=1 -- "$BIN/micro_omp" "${GB[@]}"

  # Wake-up latency (bench/wakeup/sprig.cpp) at P = 2 and every larger P of BENCH_PS.
  echo "run.sh: wake-up latency, $WAKE_SAMPLES samples at each P"
  for p in $(printf '%s\n' 2 $PS_LIST | awk '$1 >= 2' | sort -n -u); do
    f="$WAKE/wakeup.P$p"
    if ! env SPRIG_NWORKERS="$p" timeout "$TIMEOUT" "$BIN/wakeup_sprig" "$WAKE_SAMPLES" \
         >"$f.out" 2>"$f.err"; then
      echo "run.sh: FAILED: wake-up latency at P=$p" >&2
      cat "$f.out" "$f.err" >&2
      exit 1
    fi
    printf '  wakeup P=%-3s median %s us, 90th percentile %s us\n' "$p" \
      "$(awk '$1 == "MEDIAN_US" { print $2 }' "$f.out")" \
      "$(awk '$1 == "P90_US" { print $2 }' "$f.out")"
  done
fi

measure_capacity
echo "run.sh: parallel capacity at P=$PMAX, before and after: ${CAPACITY[*]}"
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
elapsed=$(( $(date +%s) - t_start ))

# ---- machine: what built the programs (build.txt), then this machine and this run ----
sizes=""
for b in $BENCHES; do
  v="BENCH_SIZE_$b"
  [ -n "${!v:-}" ] && sizes+="$b=${!v} "
done
{
  cat "$HERE/build.txt"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "cores=$(nproc)"
  echo "host=$(uname -n)"
  echo "os=$( (. /etc/os-release && echo "$PRETTY_NAME") 2>/dev/null || echo '?')"
  echo "kernel=$(uname -sr)"
  echo "ps=$PS_LIST"
  echo "pmax=$PMAX"
  echo "pover=$POVER"
  echo "reps=$REPS"
  echo "rss_tool=$RSS_TOOL"
  echo "sizes=${sizes% }"
  echo "micro=$([ "${BENCH_SKIP_MICRO:-0}" = 1 ] && echo skipped || echo yes)"
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "load_start=$load_start"
  echo "load_end=$load_end"
  echo "capacity=${CAPACITY[*]}"
  echo "elapsed=$elapsed"
  echo "benches=$BENCHES"
} >"$OUT/machine.txt"
echo "run.sh: raw results in $OUT ($elapsed s); make the report with" \
     "'scripts/bench.sh --report $OUT'"
