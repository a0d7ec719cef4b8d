#!/usr/bin/env bash
# Installs the Debian packages maxtune needs when they are missing, and says what it installs.
# Run by the first `make`; safe to run again. Needs root (or sudo) only when something is missing.
# chromium, nodejs and npm serve the browser test of report.html (tests/html_browser.sh, which
# installs its DevTools client from tests/browser/package-lock.json with `npm ci`); python3 runs
# the example engine (examples/random_engine.py, tests/example_engine.sh); groff-base and man-db
# render the man page (docs/maxtune.1, tests/manual.sh).
set -euo pipefail

# package : file that proves it is installed
need=(
  "gcc:/usr/bin/gcc"
  "make:/usr/bin/make"
  "libcmocka-dev:/usr/include/cmocka.h"
  "libgsl-dev:/usr/include/gsl/gsl_multimin.h"
  "libinih-dev:/usr/include/ini.h"
  "gnuplot-nox:/usr/bin/gnuplot"
  "clang:/usr/bin/clang"
  "clang-format:/usr/bin/clang-format"
  "libclang-rt-dev:/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.tsan-x86_64.a"
  "fonts-liberation:/usr/share/fonts/truetype/liberation*"
  "libomp-dev:/usr/lib/llvm-*/lib/libarcher.so"
  "openmpi-bin:/usr/bin/mpirun"
  "libopenmpi-dev:/usr/lib/*/openmpi/include/mpi.h"
  "chromium:/usr/bin/chromium"
  "nodejs:/usr/bin/node"
  "npm:/usr/bin/npm"
  "python3:/usr/bin/python3"
  "groff-base:/usr/bin/groff"
  "man-db:/usr/bin/man"
)
missing=()
for entry in "${need[@]}"; do
  pkg=${entry%%:*}; file=${entry#*:}
  compgen -G "$file" >/dev/null || missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "maxtune: installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo="sudo"; else
    echo "maxtune: not root and no sudo; please install: ${missing[*]}" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
