#!/usr/bin/env bash
# scripts/bench.sh - Sprig's benchmark suite (GitHub issue 6); `make bench` runs it.
#
#   scripts/bench.sh BUILD                     build, run and report in one go (make bench):
#                                              --build-only BUILD/bench/pkg, --run-only
#                                              into BUILD/bench/out, --report of that
#   scripts/bench.sh --build-only DIR [BUILD]  build every program of bench/ into DIR and
#                                              make DIR self-contained: DIR/bin, the shared
#                                              libraries they need in DIR/lib (Sprig's,
#                                              oneTBB's, libomp, Google Benchmark), the
#                                              runner DIR/run.sh and DIR/build.txt. BUILD
#                                              (default build) holds sprig++.
#   scripts/bench.sh --run-only DIR OUT        run it: `bash DIR/run.sh OUT` (the same, on a
#                                              machine with no compiler and no checkout)
#   scripts/bench.sh --report OUT              results.md and the plots from OUT's raw
#                                              results (needs python3 and gnuplot)
#
# Programs: serial, OpenMP and TBB competitors with clang++-22 -O2, the Sprig ones with
# BUILD/bin/sprig++ -O2 (and the profiler's `sprig++ --scale` build of each). The runner
# (bench/run.sh, where its knobs are listed) runs the serial program once and every
# parallel competitor at every P of BENCH_PS, BENCH_REPS times interleaved, checks every
# answer, and writes raw results only (runs.tsv, the microbenchmarks' JSON, the wake-up
# samples, machine.txt). The report step (bench/report.py, gnuplot) writes results.md,
# speedup.png and one scaling-<benchmark>.png per benchmark into BENCH_DOCS.
#
# Any wrong answer, crash, hang (BENCH_TIMEOUT) or build error stops the suite with a
# message and exit status 1; no table is written from a failed run.
#
# Environment (all optional; the runner's are in bench/run.sh):
#   BENCH_PS="1 2 4 8 16"   the Ps of every parallel competitor (default "1 BENCH_P")
#   BENCH_P=<nproc>         the largest P when BENCH_PS is not given
#   BENCH_REPS=5            repetitions of each (program, P); medians are reported
#   BENCH_ONLY="fib uts"    a subset of the benchmarks (the report says so)
#   BENCH_DOCS=docs/bench   where results.md and the PNGs go
#   BENCH_ALLOW_DIRTY=1     publish into docs/bench from a build with uncommitted changes
set -euo pipefail

die() { echo "bench.sh: $*" >&2; exit 1; }
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ALL_BENCHES="fib nqueens cilksort matmul uts knapsack spawnloop tinyloop ploop pimbalance heat daxpy sumreduce firstsol firstsol_full"
USAGE="usage: scripts/bench.sh BUILD | --build-only DIR [BUILD] | --run-only DIR OUT | --report OUT"

# build_suite DIR BUILD: the self-contained benchmark folder.
build_suite() {
  local dir=$1 build
  build=$(cd "$2" 2>/dev/null && pwd) || die "no build directory '$2' (run 'make build')"
  local sprigxx="$build/bin/sprig++" cxx=${BENCH_CXX:-clang++-22}
  [ -x "$sprigxx" ] || die "$sprigxx missing (run 'make build')"
  # The project's dependencies with the benchmarks' own (peers, gnuplot, GNU time).
  "$ROOT/scripts/install-deps.sh" --bench || die "missing dependencies (see above)"
  command -v "$cxx" >/dev/null || die "$cxx not found (run 'make deps')"
  local benches=${BENCH_ONLY:-$ALL_BENCHES} b
  for b in $benches; do [ -d "$ROOT/bench/$b" ] || die "unknown benchmark '$b'"; done
  if [ -e "$dir" ] && [ ! -f "$dir/build.txt" ] && [ ! -f "$dir/build-logs/jobs" ] &&
     [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
    die "$dir exists and is not a benchmark folder: not overwriting it"
  fi
  rm -rf "$dir"
  mkdir -p "$dir/bin" "$dir/lib" "$dir/build-logs"
  dir=$(cd "$dir" && pwd)
  local bin="$dir/bin" logs="$dir/build-logs"

  local flags="-O2 -std=c++20" jobs_file="$dir/build-logs/jobs"
  : >"$jobs_file"
  add_job() { printf '%s\0' "$*" >>"$jobs_file"; }  # one shell command per job
  for b in $benches; do
    local src="$ROOT/bench/$b"
    add_job "$cxx $flags -Wno-unknown-attributes $src/serial.cpp -o $bin/${b}_serial"
    [ -f "$src/calls.cpp" ] && add_job "$cxx $flags $src/calls.cpp -o $bin/${b}_calls"
    add_job "$sprigxx $flags $src/sprig.cpp -o $bin/${b}_sprig"
    add_job "$sprigxx --scale $flags $src/sprig.cpp -o $bin/${b}_scale"
    add_job "$cxx $flags $src/tbb.cpp -o $bin/${b}_tbb -ltbb"
    # Not every benchmark has an OpenMP competitor (firstsol: bench/firstsol/config.hpp).
    [ -f "$src/omp.cpp" ] && add_job "$cxx $flags -fopenmp $src/omp.cpp -o $bin/${b}_omp"
  done
  add_job "$cxx $flags -pthread $ROOT/bench/common/capacity.cpp -o $bin/capacity"
  local m="$ROOT/bench/micro"
  add_job "$sprigxx $flags $m/sprig.cpp -o $bin/micro_sprig -lbenchmark -lpthread"
  add_job "$cxx $flags $m/tbb.cpp -o $bin/micro_tbb -lbenchmark -ltbb -lpthread"
  add_job "$cxx $flags -fopenmp $m/omp.cpp -o $bin/micro_omp -lbenchmark -lpthread"
  add_job "$sprigxx $flags $ROOT/bench/wakeup/sprig.cpp -o $bin/wakeup_sprig"

  echo "bench.sh: building $(tr -cd '\0' <"$jobs_file" | wc -c) programs into $bin"
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
  xargs -0 -P "$(nproc)" -I{} bash -c 'build_one "$1" "$2"' _ {} "$logs" <"$jobs_file" ||
    die "build failed (see above)"

  # The shared libraries, found by ldd, but for the C and C++ runtimes every Linux has
  # (glibc, libstdc++, libgcc_s; the target's own are as new or newer). libtbb loads
  # libtbbmalloc (its allocator) and libtbbbind (hwloc placement) at run time from its
  # own directory, which ldd does not see: they are copied next to it, with their needs.
  local extra=() f
  local tbbdir
  tbbdir=$(ldd "$bin"/*_tbb 2>/dev/null | awk '/libtbb\.so/ && !d { d = $3 } END { print d }')
  [ -n "$tbbdir" ] && tbbdir=$(dirname "$tbbdir")
  if [ -n "$tbbdir" ]; then
    for f in "$tbbdir"/libtbbmalloc.so.2 "$tbbdir"/libtbbbind*.so.3; do
      [ -e "$f" ] && extra+=("$f")
    done
  fi
  local libs
  libs=$( { for f in "$bin"/* "${extra[@]}"; do
              ldd "$f" 2>/dev/null || true
            done; printf '%s\n' "${extra[@]/#/x => }"; } |
          awk '$2 == "=>" && $3 == "not" { print "MISSING " $1; next }
               $2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u)
  if grep -q '^MISSING' <<<"$libs"; then
    die "unresolved libraries: $(grep '^MISSING' <<<"$libs" | cut -d' ' -f2 | tr '\n' ' ')"
  fi
  local lib base
  while read -r lib; do
    [ -n "$lib" ] || continue
    base=$(basename "$lib")
    case "$base" in
      ld-linux*|libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|libresolv.so*|\
      libstdc++.so*|libgcc_s.so*) continue ;;
    esac
    cp -L "$lib" "$dir/lib/$base"
  done <<<"$libs"

  cp "$ROOT/bench/run.sh" "$dir/run.sh"
  chmod +x "$dir/run.sh"
  local dirty=0
  git -C "$ROOT" diff --quiet HEAD 2>/dev/null || dirty=1
  {
    echo "built=$benches"
    echo "all_benches=$ALL_BENCHES"
    echo "cxx=$($cxx --version | head -n 1)"
    echo "sprig=$("$sprigxx" --version | head -n 1)"
    echo "tbb=libtbb-dev $(dpkg-query -W -f='${Version}' libtbb-dev 2>/dev/null || echo '?')"
    echo "omp=libomp-22-dev $(dpkg-query -W -f='${Version}' libomp-22-dev 2>/dev/null || echo '?')"
    echo "gbench=libbenchmark-dev $(dpkg-query -W -f='${Version}' libbenchmark-dev 2>/dev/null || echo '?')"
    echo "commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')$([ $dirty = 1 ] && echo ' (with uncommitted changes)')"
    echo "dirty=$dirty"
    echo "build_host=$(uname -n)"
    echo "build_os=$( (. /etc/os-release && echo "$PRETTY_NAME") 2>/dev/null || echo '?')"
    echo "build_date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  } >"$dir/build.txt"
  echo "bench.sh: $dir is ready ($(du -sh "$dir" | cut -f1), libraries:" \
       "$(ls "$dir/lib" | tr '\n' ' '| sed 's/ $//')); run it with 'bash $dir/run.sh OUT'"
}

# report OUT: results.md and the PNGs from the raw results in OUT.
report() {
  local out
  out=$(cd "$1" 2>/dev/null && pwd) || die "no results folder '$1'"
  [ -f "$out/runs.tsv" ] && [ -f "$out/machine.txt" ] ||
    die "$out has no runs.tsv/machine.txt (made by run.sh)"
  for t in gnuplot python3; do
    command -v $t >/dev/null || die "$t not found (run 'scripts/install-deps.sh --bench')"
  done
  local docs=${BENCH_DOCS:-$ROOT/docs/bench}
  # Published results come from committed code only: from a build with uncommitted
  # changes the report goes next to the raw results (BENCH_ALLOW_DIRTY=1 publishes
  # anyway, and the report says so).
  if grep -qx 'dirty=1' "$out/machine.txt" && [ "${BENCH_ALLOW_DIRTY:-0}" != 1 ] &&
     [ -z "${BENCH_DOCS:-}" ]; then
    docs="$out/report"
    echo "bench.sh: the programs were built with uncommitted changes: writing the report" \
         "to $docs, not docs/bench (commit first, or BENCH_ALLOW_DIRTY=1)"
  fi
  mkdir -p "$docs"
  python3 "$ROOT/bench/report.py" --raw "$out" --docs "$docs" || die "report failed"
  local gp
  for gp in "$out"/plots/*.gp; do
    gnuplot "$gp" || die "gnuplot failed on $gp"
  done
  echo "bench.sh: wrote $docs/results.md and its plots"
}

case "${1:-}" in
  --build-only)
    [ $# -ge 2 ] && [ $# -le 3 ] || die "$USAGE"
    build_suite "$2" "${3:-$ROOT/build}" ;;
  --run-only)
    [ $# -eq 3 ] || die "$USAGE"
    [ -f "$2/run.sh" ] || die "$2/run.sh missing (make it with --build-only)"
    bash "$2/run.sh" "$3" ;;
  --report)
    [ $# -eq 2 ] || die "$USAGE"
    report "$2" ;;
  ""|-*)
    die "$USAGE" ;;
  *)
    [ $# -eq 1 ] || die "$USAGE"
    build=$(cd "$1" 2>/dev/null && pwd) || die "no build directory '$1' (run 'make build')"
    rm -rf "$build/bench"
    build_suite "$build/bench/pkg" "$build"
    bash "$build/bench/pkg/run.sh" "$build/bench/out"
    report "$build/bench/out" ;;
esac
