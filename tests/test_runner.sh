#!/usr/bin/env bash
# test_runner.sh: scripts/run_tests.sh, the code `make test` relies on, on fixtures of its own.
# Each fixture is run by the runner alone, from a temporary folder holding a tests/ folder with
# it (the runner takes tests/*.sh from its working folder) and a folder of "binaries" (scripts
# standing in for cmocka programs): a script that passes (its PASS lines counted, exit 0), and
# one each that exits non-zero without a FAIL line, prints a FAIL line and exits 0, is killed by
# a signal half-way, prints nothing, or is a "binary" that says it passed and then crashes. Each
# bad one must be named in the runner's "failing:" line, counted among the failed, and make the
# runner exit 1; the good ones alone give exit 0 and their counts. Prints one "PASS name" or
# "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune; passed through, not run). Runs in a mktemp -d folder.
set -u
NAME=test_runner
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
RUNNER=$PWD/scripts/run_tests.sh

# fixture NAME BODY: a test script tests/NAME.sh (in the folder $T/f/NAME) whose body is BODY.
fixture() {
    mkdir -p "$T/f/$1/tests" "$T/f/$1/bin"
    printf '#!/usr/bin/env bash\n%s\n' "$2" >"$T/f/$1/tests/$1.sh"
}
# binary NAME BODY: an executable "test binary" bin/test_NAME (in the folder $T/f/NAME).
binary() {
    mkdir -p "$T/f/$1/tests" "$T/f/$1/bin"
    printf '#!/usr/bin/env bash\n%s\n' "$2" >"$T/f/$1/bin/test_$1"
    chmod +x "$T/f/$1/bin/test_$1"
}
# runner NAME: runs the runner on fixture NAME's folder; its output in $T/NAME.out, exit in RC.
runner() {
    (cd "$T/f/$1" && TEST_JOBS=1 bash "$RUNNER" "$T/f/$1/bin" "$BIN") >"$T/$1.out" 2>&1
    RC=$?
}
# counted_failed NAME WHAT: the runner exited 1, named NAME's test failing and counted a failure.
counted_failed() { # (not "name": check's own local would hide it in the eval)
    fx=$1 file=$1.sh
    [ -e "$T/f/$fx/bin/test_$fx" ] && file=test_$fx
    runner "$fx"
    check "run_tests.sh: $2: counted failed (exit 1, 'failing: $file', 1 failed)" eval \
        '[ $RC -eq 1 ] && grep -qx "failing: $file" "$T/$fx.out" &&
         grep -q "^tests: [0-9]* passed, [1-9][0-9]* failed$" "$T/$fx.out"'
    [ $RC -eq 1 ] || tail -5 "$T/$fx.out"
}

fixture ok 'echo "PASS one"; echo "PASS two"; exit 0'
binary good 'echo "[==========] Running 3 test(s)."; echo "[  PASSED  ] 3 test(s)."; exit 0'
fixture nonzero 'echo "PASS before the crash"; exit 3'
fixture fail0 'echo "PASS one"; echo "FAIL two"; exit 0'
fixture signal 'echo "PASS before the signal"; kill -KILL $$; echo "PASS after"'
fixture silent 'exit 0'
fixture silent1 'exit 1'
binary crash 'echo "[  PASSED  ] 2 test(s)."; kill -SEGV $$'

runner ok
check "run_tests.sh: a script with two PASS lines and exit 0 passes (exit 0, 2 passed)" eval \
    '[ $RC -eq 0 ] && grep -qx "ok.sh: 2 passed, 0 failed" "$T/ok.out" &&
     grep -qx "tests: 2 passed, 0 failed" "$T/ok.out" && ! grep -q "^failing" "$T/ok.out"'
runner good
check "run_tests.sh: a binary whose cmocka summary says 3 passed, exit 0, passes (3 passed)" eval \
    '[ $RC -eq 0 ] && grep -qx "tests: 3 passed, 0 failed" "$T/good.out"'
counted_failed nonzero "a script that exits 3 without a FAIL line"
counted_failed fail0 "a script that prints a FAIL line and exits 0"
counted_failed signal "a script killed by a signal (SIGKILL) half-way"
counted_failed silent "a script that prints nothing and exits 0"
counted_failed silent1 "a script that prints nothing and exits 1"
counted_failed crash "a binary that prints its PASSED summary, then crashes (SIGSEGV)"

# All together: the good ones' checks counted, every bad one named, exit 1.
mkdir -p "$T/f/all/tests" "$T/f/all/bin"
cp "$T"/f/*/tests/*.sh "$T/f/all/tests/"
cp "$T"/f/*/bin/test_* "$T/f/all/bin/"
runner all
check "run_tests.sh: all the fixtures at once: exit 1, the 6 bad ones failing and counted, the good ones passed" eval \
    '[ $RC -eq 1 ] && grep -q "^tests: [0-9]* passed, 6 failed$" "$T/all.out" &&
     grep -qx "ok.sh: 2 passed, 0 failed" "$T/all.out" && grep -qx "test_good: 3 passed, 0 failed" "$T/all.out" &&
     [ "$(sed -n "s/^failing: //p" "$T/all.out" | tr " " "\n" | sort | tr "\n" " ")" = \
       "fail0.sh nonzero.sh signal.sh silent.sh silent1.sh test_crash " ]'
[ $RC -eq 1 ] && grep "^failing: \|^tests: " "$T/all.out"

echo "$NAME: $failures failed ($((SECONDS - start)) s)"
[ "$failures" -eq 0 ]
