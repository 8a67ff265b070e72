#!/usr/bin/env bash
# Checks that the tracked C and C++ files are formatted as .clang-format says: runs
# clang-format-22 --dry-run -Werror over every tracked *.c, *.cc, *.cpp, *.h, *.hpp.
# A directory with its own .clang-format that turns formatting off (test/lit, whose tests
# depend on their line layout; test/fuzz/findings, reproducers kept as the generator
# wrote them) passes whatever its files look like: clang-format reads that file.
# The ctest entry `format` runs it (test/CMakeLists.txt), so `make test` does.
#
#   scripts/check-format.sh            check; exit status 1 and the diagnostics if not
#   scripts/check-format.sh --fix      format the files in place instead
#   scripts/check-format.sh [--fix] FILE...   only those files
#
# Exit status 77 (ctest: "Skipped", with the reason on stderr) when it cannot check:
# no clang-format 22 (Debian package clang-format-22, scripts/install-deps.sh), or not
# a git checkout (the list of tracked files comes from git).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

fix=0
if [ "${1:-}" = "--fix" ]; then
  fix=1
  shift
fi

cf=$(command -v clang-format-22 || true)
[ -n "$cf" ] || [ ! -x /usr/lib/llvm-22/bin/clang-format ] || cf=/usr/lib/llvm-22/bin/clang-format
if [ -z "$cf" ]; then
  echo "check-format: SKIPPED: clang-format-22 not found (Debian package clang-format-22;" \
       "scripts/install-deps.sh installs it)" >&2
  exit 77
fi
# Another major version formats differently: only 22's verdict counts.
if ! "$cf" --version | grep -q 'version 22\.'; then
  echo "check-format: SKIPPED: $cf is not clang-format 22 ($("$cf" --version))" >&2
  exit 77
fi

if [ $# -gt 0 ]; then
  files=("$@")
else
  if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "check-format: SKIPPED: $(pwd) is not a git checkout (the files checked are" \
         "git's tracked ones)" >&2
    exit 77
  fi
  mapfile -d '' files < <(git ls-files -z -- '*.c' '*.cc' '*.cpp' '*.h' '*.hpp')
fi
[ ${#files[@]} -gt 0 ] || { echo "check-format: no files" >&2; exit 1; }

jobs=$(nproc 2>/dev/null || echo 2)
if [ $fix -eq 1 ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 16 -P "$jobs" "$cf" -i
  echo "check-format: formatted ${#files[@]} files with $cf"
  exit 0
fi
# --dry-run -Werror: a diagnostic per change clang-format would make, status 1 if any.
if ! printf '%s\0' "${files[@]}" | xargs -0 -n 16 -P "$jobs" "$cf" --dry-run -Werror \
     --ferror-limit=3; then
  echo "check-format: FAILED: the files above are not formatted as .clang-format says;" \
       "scripts/check-format.sh --fix formats them (mind the clang-format 22 quirk that" \
       ".clang-format describes)" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted as .clang-format says ($cf)"
