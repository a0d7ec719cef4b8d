#!/usr/bin/env bash
# Runs every cmocka test binary in $1 and every tests/*.sh script (with BIN=$2), then prints one
# closing line: "tests: N passed, N failed". Binaries named *_slow are skipped (make test-slow).
# The tests run side by side on TEST_JOBS processes (default: the machine's cores, nproc), the
# longest first; a script whose lines include "# make test: alone" (one that measures time:
# clocks, time-outs, signals) runs after them, by itself. Side by side, OpenMP threads wait
# passively (OMP_WAIT_POLICY=passive unless set): spinning ones take the cores the other tests
# need (on 2 cores: 294 s against 349 s wall). The report lists every test in a fixed order,
# whatever order they finished in. A script fails with a FAIL line, a non-zero exit (a crash or
# a signal too) or no PASS line at all; a binary with a non-zero exit or no cmocka summary.
set -u
dir=$1; export BIN=$2
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
export out
# Side by side, an OpenMP thread that waits sleeps instead of spinning on a core another test needs.
[ "$jobs" -gt 1 ] && export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}

# Runs one test (a binary or a script) into $out/<name>.out, its exit status into <name>.rc and
# its wall seconds into <name>.time.
run_one() {
  local t=$1 name t0 rc
  name=$(basename "$t"); t0=$(date +%s.%N)
  case "$t" in *.sh) bash "$t" >"$out/$name.out" 2>&1 ;; *) "$t" >"$out/$name.out" 2>&1 ;; esac
  rc=$?
  echo "$rc" >"$out/$name.rc"
  echo "$t0 $(date +%s.%N)" | awk '{printf "%.1f\n", $2 - $1}' >"$out/$name.time"
}
export -f run_one

binaries=(); scripts=(); parallel=(); alone=()
for t in "$dir"/test_*; do
  [ -x "$t" ] || continue
  case "$t" in *_slow|*.o|*.d) continue;; esac
  binaries+=("$t")
done
for s in tests/*.sh; do [ -f "$s" ] && scripts+=("$s"); done
# The longest first (from the times of the last run in this build folder, where there are).
last=$dir/.test_times
together=()
for t in "${binaries[@]}" "${scripts[@]}"; do
  if grep -q '^# make test: alone' "$t" 2>/dev/null; then alone+=("$t"); else together+=("$t"); fi
done
for t in "${together[@]}"; do
  s=$(awk -v n="$(basename "$t")" '$1 == n {print $2}' "$last" 2>/dev/null)
  echo "${s:-999} $t"
done | sort -rn -k1,1 | awk '{print $2}' >"$out/order"
mapfile -t parallel <"$out/order"
printf '%s\n' "${parallel[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one "$1"' _ {}
for t in "${alone[@]}"; do run_one "$t"; done

passed=0; failed=0; failing=()
: >"$out/times"
for t in "${binaries[@]}"; do
  name=$(basename "$t"); o=$(cat "$out/$name.out"); rc=$(cat "$out/$name.rc")
  echo "$name $(cat "$out/$name.time")" >>"$out/times"
  p=$(echo "$o" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  f=$(echo "$o" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  echo "$name: ${p:-0} passed, ${f:-0} failed"
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  # A binary that exits 0 without cmocka's summary ran no test: failed too.
  if [ "$rc" -ne 0 ] || { [ -z "$p" ] && [ -z "$f" ]; }; then
    failing+=("$name"); echo "$o" | grep -E "FAILED|ERROR|error|Assert" | head -20
    [ -z "$f" ] && failed=$((failed + 1))
  fi
done
for s in "${scripts[@]}"; do
  name=$(basename "$s"); o=$(cat "$out/$name.out"); rc=$(cat "$out/$name.rc")
  echo "$name $(cat "$out/$name.time")" >>"$out/times"
  p=$(echo "$o" | grep -c '^PASS ')
  f=$(echo "$o" | grep -c '^FAIL ')
  echo "$name: $p passed, $f failed"
  echo "$o" | grep '^FAIL ' | head -20
  passed=$((passed + p)); failed=$((failed + f))
  # Failed: a FAIL line, a non-zero exit (a crash, a signal: 128 + its number) without one, or
  # neither a PASS nor a FAIL line (a script that checked nothing).
  if [ "$rc" -ne 0 ] || [ "$f" -gt 0 ] || [ "$p" -eq 0 ]; then
    failing+=("$name"); [ "$f" -eq 0 ] && failed=$((failed + 1)) && echo "$o" | tail -15
  fi
done
cp "$out/times" "$last" 2>/dev/null || true
echo
echo "tests: $passed passed, $failed failed"
[ ${#failing[@]} -eq 0 ] || { echo "failing: ${failing[*]}"; exit 1; }
