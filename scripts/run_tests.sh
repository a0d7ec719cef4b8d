#!/usr/bin/env bash
# Runs every cmocka test binary in $1 and every tests/*.sh script (with BIN=$2), then prints one
# closing line: "tests: N passed, N failed". Binaries named *_slow are skipped (make test-slow).
set -u
dir=$1; export BIN=$2
passed=0; failed=0; failing=()
for t in "$dir"/test_*; do
  [ -x "$t" ] || continue
  case "$t" in *_slow|*.o|*.d) continue;; esac
  out=$("$t" 2>&1); rc=$?
  p=$(echo "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  f=$(echo "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  echo "$(basename "$t"): ${p:-0} passed, ${f:-0} failed"
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  if [ $rc -ne 0 ]; then
    failing+=("$(basename "$t")"); echo "$out" | grep -E "FAILED|ERROR|error|Assert" | head -20
    [ -z "$f" ] && failed=$((failed + 1))
  fi
done
for s in tests/*.sh; do
  [ -f "$s" ] || continue
  out=$(bash "$s" 2>&1); rc=$?
  p=$(echo "$out" | grep -c '^PASS ')
  f=$(echo "$out" | grep -c '^FAIL ')
  echo "$(basename "$s"): $p passed, $f failed"
  echo "$out" | grep '^FAIL ' | head -20
  passed=$((passed + p)); failed=$((failed + f))
  if [ $rc -ne 0 ] || [ "$f" -gt 0 ]; then
    failing+=("$(basename "$s")"); [ "$f" -eq 0 ] && failed=$((failed + 1)) && echo "$out" | tail -15
  fi
done
echo
echo "tests: $passed passed, $failed failed"
[ ${#failing[@]} -eq 0 ] || { echo "failing: ${failing[*]}"; exit 1; }
