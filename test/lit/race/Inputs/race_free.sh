#!/usr/bin/env bash
# race_free.sh SPRIGXX WORKDIR PROGRAM[::ARGS]... : builds each program with
# `sprig++ --race -O1` and runs it (with ARGS, ':'-separated); every one must exit 0 and
# report no race (docs/race.md: no false reports on race-free programs). Prints one
# line per program and a summary; exit status 1 if any failed.
#   A DIR/ argument stands for its .cpp files that run a program (their RUN lines use
#   %run_opts or %run_p); -x NAME.cpp leaves a file out (one listed apart, with the other
#   files or flags it needs: PROGRAM++MORE.cpp@@FLAG::ARG).
set -u
sprigxx=$1 work=$2
shift 2
mkdir -p "$work"
fail=0 n=0
skip=() specs=()
while [ $# -gt 0 ]; do
  case "$1" in
    -x) skip+=("$2"); shift 2 ;;
    */) for f in "$1"*.cpp; do grep -q -e '%run_opts' -e '%run_p' "$f" && specs+=("$f"); done; shift ;;
    *) specs+=("$1"); shift ;;
  esac
done
for spec in "${specs[@]}"; do
  skipped=0
  for x in "${skip[@]}"; do [ "$(basename "${spec%%[:+@]*}")" = "$x" ] && skipped=1; done
  [ $skipped -eq 1 ] && continue
  # PROGRAM[++MORE.cpp]...[@@FLAG]...[::ARGS]: more sources, more compiler flags, arguments.
  body=${spec%%::*}
  args=()
  [ "$spec" != "$body" ] && IFS=: read -r -a args <<<"${spec#*::}"
  flags=()
  while [[ "$body" == *@@* ]]; do flags+=("${body##*@@}"); body=${body%@@*}; done
  srcs=()
  while [[ "$body" == *++* ]]; do srcs+=("${body##*++}"); body=${body%++*}; done
  src=$body
  name=$(basename "$(dirname "$src")")-$(basename "$src" .cpp)
  exe="$work/$name"
  n=$((n + 1))
  if ! "$sprigxx" --race -O1 -std=c++20 "${flags[@]}" -I"$(dirname "$src")/Inputs" "$src" \
       "${srcs[@]}" -o "$exe" >"$exe.build" 2>&1; then
    echo "BUILD FAILED: $src"; cat "$exe.build"; fail=1; continue
  fi
  rc=0
  timeout 300 "$exe" "${args[@]}" >"$exe.out" 2>"$exe.err" || rc=$?
  if [ "$rc" -ne 0 ] || grep -q "sprig race" "$exe.err"; then
    echo "FAILED: $src ${args[*]}: exit status $rc"; cat "$exe.err"; fail=1
  else
    echo "ok: $src ${args[*]}"
  fi
done
echo "race-free: $n programs, $([ $fail -eq 0 ] && echo 'no report' || echo 'FAILURES above')"
exit $fail
