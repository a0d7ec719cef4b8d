#!/usr/bin/env bash
# Runs every cmocka test binary in $1 and prints one closing line: "N passed, N failed".
# Binaries named *_slow are skipped here (see make test-slow).
set -u
dir=$1
passed=0; failed=0; failed_bins=()
for t in "$dir"/test_*; do
  [ -x "$t" ] || continue
  case "$t" in *_slow|*.o|*.d) continue;; esac
  out=$("$t" 2>&1); rc=$?
  echo "$out" | grep -E '^\[  (PASSED|FAILED)|^\[  ERROR|FAILED|ERROR' | sed "s|^|$(basename "$t"): |"
  p=$(echo "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  f=$(echo "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  if [ $rc -ne 0 ]; then
    failed_bins+=("$(basename "$t")")
    [ -z "$f" ] && failed=$((failed + 1)) && echo "$out" | tail -20
  fi
done
echo
echo "tests: $passed passed, $failed failed"
[ ${#failed_bins[@]} -eq 0 ] || { echo "failing binaries: ${failed_bins[*]}"; exit 1; }
