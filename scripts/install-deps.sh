#!/usr/bin/env bash
# Installs the Debian packages Sprig needs, and only those that are missing.
# Idempotent and quiet when everything is present; on failure names the package.
#   scripts/install-deps.sh          what `make build`, `make demo` and `make test` need
#   scripts/install-deps.sh --bench  that, plus the peers and tools of `make bench`
#                                    (Google Benchmark, oneTBB, GNU time)
set -u
PKGS=(
  cmake make
  clang-22 libclang-22-dev llvm-22-dev llvm-22-tools libclang-rt-22-dev
  libomp-22-dev       # tests: OpenMP threads that enter spawning functions (roots/)
  libgtest-dev googletest
  python3
  gnuplot-nox         # sprig-scale's plots (and its test)
  clang-format-22     # tests: the formatting check (scripts/check-format.sh)
  libopenmpi-dev openmpi-bin  # tests: MPI ranks with Sprig workers (test/lit/mpi; the
                              # smaller of Debian's MPIs: about 12 MB to fetch)
)
case "${1:-}" in
  --bench) PKGS+=(libbenchmark-dev libtbb-dev time) ;;
  "") ;;
  *) echo "usage: scripts/install-deps.sh [--bench]" >&2; exit 2 ;;
esac
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  SUDO=sudo
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null || { echo "install-deps: apt-get update failed" >&2; exit 1; }
if ! $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/sprig-install-deps.log 2>&1; then
  # Find which one fails, so the message names it.
  for p in "${missing[@]}"; do
    if ! $SUDO apt-get install -y -qq --no-install-recommends "$p" >>/tmp/sprig-install-deps.log 2>&1; then
      echo "install-deps: failed to install Debian package '$p' (log: /tmp/sprig-install-deps.log)" >&2
      exit 1
    fi
  done
fi
exit 0
