#!/usr/bin/env bash
# scripts/asm-identical.sh - does a change to the plugin leave the generated code alone?
#
#   scripts/asm-identical.sh BEFORE_SPRIGXX AFTER_SPRIGXX [OUT]
#       emits everything below with each driver (into OUT/before and OUT/after; OUT
#       defaults to a fresh temporary directory) and compares the two trees with
#       `diff -r`. Exit status 0 only if they are byte-identical.
#   scripts/asm-identical.sh --emit SPRIGXX DIR
#       emits everything with one driver into DIR (e.g. before a change, from a build of
#       main; `diff -r` it later against a second --emit).
#
# A driver is a sprig++ of a build tree (build/bin/sprig++) or of an install tree (keep
# one of main with `cmake --install build --prefix /tmp/sprig-main`). Its plugin
# (SprigPlugin.so, for the opt runs) is found from the driver's PLUGIN line. Compare two
# drivers of the same kind (two build trees, or two install trees): with -g the
# debug-line tables name the headers of a build tree's include directory (under the
# repository) otherwise than those of an install tree. The sources are always this
# checkout's: an --emit from before a change to the tests is comparable only with one
# from a checkout with the same tests (-g records each file's MD5).
#
# What is emitted, each with its exit status and messages (FILE.err) next to it:
#   - every test/lit/**/*.cpp (not Inputs/), with the flags of its first %sprigxx RUN
#     line that change the code (-std=, -m..., -D..., -I%S/..., -f[no-]exceptions):
#       fe.ll      the frontend's IR, markers and all (-O1 -Xclang -disable-llvm-passes)
#       O0/O1/O3   sprig++ -S at that level
#       scale-O1/O3, race-O1/O3   the same with --scale, --race
#   - exec, regress and loops tests also: -g -O1, -O2 under -mllvm -sprig-count-spawns,
#     -sprig-check-resume-pc, -sprig-split-prefix=0 and -sprig-stats (the statistics,
#     in FILE.err), -O1 under -sprig-debug, -fsanitize=thread/address -O1,
#     -fPIC -O2, -flto -O2 (the pre-link IR), and the setjmp continuation target: the
#     frontend's IR retargeted to x86_64-apple-macosx (not ELF), through
#     opt -passes='default<O1>'/'default<O3>' and llc;
#   - programs of the fuzz generator (test/fuzz/gen.py), seeds $ASM_SEEDS (default
#     1..20): fe, O0..O3, -g -O1, scale and race at O1/O3, the setjmp target at O1/O3;
#   - every bench/*/sprig.cpp at -O1, -O2 (the benchmarks' flags: -std=c++20) and -O3;
#   - every test/lit/Transforms/*.ll through opt: sprig-lower; sprig-lower,
#     function(sroa,instcombine,simplifycfg),sprig-fix-frames; default<O2>, also under
#     -sprig-scale and -sprig-race.
#
# Normalised (the only differences two builds of the same code may show): the driver's
# include directory, its library directory, the repository root and the output directory
# (named by opt's ModuleID and llc's messages) are replaced by @SPRIG_INCLUDE@,
# @SPRIG_LIB@, @REPO@ and @OUT@ in every output; a crash's stack dump keeps
# its frames' names, not their addresses (those move from run to run).
# Environment: ASM_JOBS (parallel compiles, default 2), ASM_SEEDS (A..B), ASM_LIT (a
# `find -path` pattern under test/lit/ to emit only some lit tests, e.g. 'exec/fib*';
# default all).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JOBS=${ASM_JOBS:-2}
SEEDS=${ASM_SEEDS:-1..20}
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
SRC_CACHE=${ASM_SRC:-${TMPDIR:-/tmp}/sprig-asm-src}

die() { echo "asm-identical.sh: $*" >&2; exit 2; }

# PLUGIN and INCDIR of a driver script, with its `here` resolved.
driver_paths() {  # SPRIGXX -> sets D_PLUGIN, D_INCDIR, D_LIB
  local drv=$1 here PLUGIN INCDIR
  [ -x "$drv" ] || die "no driver at '$drv'"
  here=$(cd "$(dirname "$(readlink -f "$drv")")" && pwd)
  eval "$(grep -E '^(PLUGIN|INCDIR)=' "$drv")"
  D_PLUGIN="$(dirname "$PLUGIN")/SprigPlugin.so"
  D_INCDIR=$INCDIR
  D_LIB=$(dirname "$PLUGIN")
  [ -f "$D_PLUGIN" ] || die "no SprigPlugin.so next to '$PLUGIN'"
}

# The code-changing flags of a lit test's first %sprigxx RUN line.
lit_flags() {  # FILE
  python3 - "$1" <<'EOF'
import re, sys
for line in open(sys.argv[1], errors='replace'):
    m = re.search(r'RUN:.*?%sprigxx(.*)', line)
    if not m:
        continue
    out = []
    for t in m.group(1).split():
        if t in ('|', '&&', ';', '2>&1', '%}'):
            break
        if re.match(r'^(-std=|-m(?!llvm)|-D|-I|-f(no-)?exceptions$)', t):
            out.append(t.replace('%S', '.'))
    print(' '.join(out))
    break
EOF
}

emit() {  # SPRIGXX DIR
  local drv dir
  drv=$(readlink -f "$1")
  mkdir -p "$2" || die "cannot create '$2'"
  dir=$(cd "$2" && pwd)
  driver_paths "$drv"
  local jobs="$dir/.jobs"
  : >"$jobs"
  # job OUT CWD CMD...: one line of the job list (tab-separated, the command quoted).
  job() {
    local out=$1 cwd=$2
    shift 2
    printf '%s\t%s\t%s\n' "$out" "$cwd" "$(printf '%q ' "$@")" >>"$jobs"
  }
  local f rel d b flags
  # -- lit tests --
  while IFS= read -r f; do
    rel=${f#"$ROOT"/test/lit/}
    d=$(dirname "$f")
    b=$(basename "$f")
    read -r -a flags <<<"$(lit_flags "$f")"
    local o="$dir/lit/$rel"
    job "$o.fe.ll" "$d" "$drv" "${flags[@]}" -O1 -Xclang -disable-llvm-passes -S -emit-llvm "$b"
    for lv in O0 O1 O3; do
      job "$o.$lv.s" "$d" "$drv" "${flags[@]}" "-$lv" -S "$b"
    done
    for lv in O1 O3; do
      job "$o.scale-$lv.s" "$d" "$drv" --scale "${flags[@]}" "-$lv" -S "$b"
      job "$o.race-$lv.s" "$d" "$drv" --race "${flags[@]}" "-$lv" -S "$b"
    done
    case "$rel" in
      exec/*|regress/*|loops/*)
        job "$o.g-O1.s" "$d" "$drv" "${flags[@]}" -g -O1 -S "$b"
        job "$o.count-O2.s" "$d" "$drv" "${flags[@]}" -O2 -mllvm -sprig-count-spawns -S "$b"
        job "$o.checkpc-O2.s" "$d" "$drv" "${flags[@]}" -O2 -mllvm -sprig-check-resume-pc -S "$b"
        job "$o.whole-O2.s" "$d" "$drv" "${flags[@]}" -O2 -mllvm -sprig-split-prefix=0 -S "$b"
        job "$o.tsan-O1.s" "$d" "$drv" "${flags[@]}" -fsanitize=thread -O1 -S "$b"
        job "$o.asan-O1.s" "$d" "$drv" "${flags[@]}" -fsanitize=address -O1 -S "$b"
        job "$o.pic-O2.s" "$d" "$drv" "${flags[@]}" -fPIC -O2 -S "$b"
        job "$o.lto-O2.ll" "$d" "$drv" "${flags[@]}" -flto -O2 -S "$b"
        job "$o.stats-O2.s" "$d" "$drv" "${flags[@]}" -O2 -mllvm -sprig-stats -S "$b"
        job "$o.debug-O1.s" "$d" "$drv" "${flags[@]}" -O1 -mllvm -sprig-debug -S "$b"
        job "$o.sjlj" "$d" SJLJ "$drv" "${flags[@]}" "$b"
        ;;
    esac
  done < <(find "$ROOT/test/lit" -name Inputs -prune -o -name '*.cpp' \
             -path "$ROOT/test/lit/${ASM_LIT:-*}" -print | sort)
  # -- generated programs --
  mkdir -p "$SRC_CACHE"
  local s
  for s in $(seq "${SEEDS%..*}" "${SEEDS#*..}"); do
    f="$SRC_CACHE/seed$s.cpp"
    [ -s "$f" ] || python3 "$ROOT/test/fuzz/gen.py" "$s" >"$f" || die "gen.py $s failed"
    local o="$dir/gen/seed$s.cpp"
    b=seed$s.cpp
    job "$o.fe.ll" "$SRC_CACHE" "$drv" -std=c++17 -O1 -Xclang -disable-llvm-passes -S -emit-llvm "$b"
    for lv in O0 O1 O2 O3; do
      job "$o.$lv.s" "$SRC_CACHE" "$drv" -std=c++17 "-$lv" -S "$b"
    done
    job "$o.g-O1.s" "$SRC_CACHE" "$drv" -std=c++17 -g -O1 -S "$b"
    for lv in O1 O3; do
      job "$o.scale-$lv.s" "$SRC_CACHE" "$drv" --scale -std=c++17 "-$lv" -S "$b"
      job "$o.race-$lv.s" "$SRC_CACHE" "$drv" --race -std=c++17 "-$lv" -S "$b"
    done
    job "$o.sjlj" "$SRC_CACHE" SJLJ "$drv" -std=c++17 "$b"
  done
  # -- benchmarks --
  for f in "$ROOT"/bench/*/sprig.cpp; do
    rel=${f#"$ROOT"/}
    for lv in O1 O2 O3; do
      job "$dir/$rel.$lv.s" "$(dirname "$f")" "$drv" -std=c++20 "-$lv" -S sprig.cpp
    done
  done
  # -- the passes alone, through opt --
  for f in "$ROOT"/test/lit/Transforms/*.ll; do
    rel=${f#"$ROOT"/test/lit/}
    b=$(basename "$f")
    d=$(dirname "$f")
    job "$dir/lit/$rel.lower.ll" "$d" "$LLVM_BIN/opt" "-load-pass-plugin=$D_PLUGIN" \
      -passes=sprig-lower -S "$b"
    job "$dir/lit/$rel.lower-fix.ll" "$d" "$LLVM_BIN/opt" "-load-pass-plugin=$D_PLUGIN" \
      '-passes=sprig-lower,function(sroa,instcombine,simplifycfg),sprig-fix-frames' -S "$b"
    job "$dir/lit/$rel.O2.ll" "$d" "$LLVM_BIN/opt" "-load-pass-plugin=$D_PLUGIN" \
      '-passes=default<O2>' -S "$b"
    for m in scale race; do
      job "$dir/lit/$rel.$m-O2.ll" "$d" "$LLVM_BIN/opt" "-load-pass-plugin=$D_PLUGIN" \
        "-sprig-$m" '-passes=default<O2>' -S "$b"
    done
  done

  export D_PLUGIN LLVM_BIN
  # One job: run it in its directory, output to OUT, messages and status to OUT.err.
  # SJLJ jobs: the frontend's IR for x86_64-apple-macosx (Mach-O: the setjmp
  # continuation target; Mach-O has no COMDATs, so they go), then opt default<O1>/<O3>
  # and llc.
  run_one() {
    local out=$1 cwd=$2 cmd=$3
    mkdir -p "$(dirname "$out")"
    cd "$cwd" || exit 1
    eval "set -- $cmd"
    if [ "$1" = SJLJ ]; then
      shift
      local fe="$out.fe-macos.ll" rc lv
      "$@" -O1 -Xclang -disable-llvm-passes -S -emit-llvm -o "$fe.tmp" 2>"$out.err"
      rc=$?
      sed -e 's/^target triple = .*/target triple = "x86_64-apple-macosx14.0.0"/' \
          -e 's/^target datalayout = .*/target datalayout = "e-m:o-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"/' \
          -e '/^\$[^ ]* = comdat /d' -e 's/,\{0,1\} comdat\(([^)]*)\)\{0,1\}//' \
          "$fe.tmp" >"$fe" 2>/dev/null
      rm -f "$fe.tmp"
      for lv in O1 O3; do
        [ $rc -eq 0 ] || break
        "$LLVM_BIN/opt" "-load-pass-plugin=$D_PLUGIN" "-passes=default<$lv>" -S "$fe" \
          -o "$out.$lv.ll" 2>>"$out.err" &&
          "$LLVM_BIN/llc" "-$lv" "$out.$lv.ll" -o "$out.$lv.s" 2>>"$out.err"
        rc=$?
      done
      echo "rc=$rc" >>"$out.err"
      return 0
    fi
    "$@" -o "$out" 2>"$out.err"
    echo "rc=$?" >>"$out.err"
  }
  run_line() {
    local o c m
    IFS=$'\t' read -r o c m <<<"$1"
    run_one "$o" "$c" "$m"
  }
  export -f run_one run_line
  xargs -d '\n' -P "$JOBS" -n 1 bash -c 'run_line "$1"' _ <"$jobs"
  rm -f "$jobs"
  # Normalise the paths that differ between two builds of the same code.
  local inc lib
  inc=$(cd "$D_INCDIR" 2>/dev/null && pwd -P)
  lib=$(cd "$D_LIB" 2>/dev/null && pwd -P)
  find "$dir" -type f -print0 |
    xargs -0 -r sed -i -e "s#$D_INCDIR#@SPRIG_INCLUDE@#g" -e "s#$inc#@SPRIG_INCLUDE@#g" \
      -e "s#$D_LIB#@SPRIG_LIB@#g" -e "s#$lib#@SPRIG_LIB@#g" -e "s#$ROOT#@REPO@#g" \
      -e "s#$dir#@OUT@#g"
  # A crash's stack dump has addresses that change from run to run: keep the frames'
  # names only.
  find "$dir" -type f -name '*.err' -print0 |
    xargs -0 -r sed -i -E 's/^ *#[0-9]+ 0x[0-9a-f]+ /  # /'
  echo "asm-identical.sh: $(find "$dir" -type f | wc -l) files in $dir"
}

if [ "${1-}" = "--emit" ]; then
  [ $# -eq 3 ] || die "usage: scripts/asm-identical.sh --emit SPRIGXX DIR"
  emit "$2" "$3"
  exit 0
fi
[ $# -ge 2 ] && [ $# -le 3 ] || die "usage: scripts/asm-identical.sh BEFORE_SPRIGXX AFTER_SPRIGXX [OUT]"
OUT=${3:-$(mktemp -d "${TMPDIR:-/tmp}/asm-identical.XXXXXX")}
rm -rf "$OUT/before" "$OUT/after"
(emit "$1" "$OUT/before") || exit 2
(emit "$2" "$OUT/after") || exit 2
if diff -r "$OUT/before" "$OUT/after" >"$OUT/diff.txt"; then
  echo "asm-identical.sh: identical ($OUT)"
  exit 0
fi
echo "asm-identical.sh: DIFFERENT: $(grep -c '^diff\|^Only' "$OUT/diff.txt") files; see $OUT/diff.txt" >&2
exit 1
