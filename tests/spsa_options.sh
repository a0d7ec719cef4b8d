#!/usr/bin/env bash
# spsa_options.sh: SPSA of an external engine's UCI options ([spsa] options). `maxtune uci`
# has one spin option per weight, so tuning its options pincer and mage over setoption must
# follow the very trajectory of the in-process SPSA of those weights (same seed, same start):
# the same trajectory.csv, tuned values and verification games. The options move, the run is
# reproducible with 1 thread, tuned.options is the only tuned file and the report speaks of
# options, and bad settings are refused.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN, the program (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=spsa_options
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

V1=$PWD/configs/v1.weights
CFG=$T/s.ini
cat >"$CFG" <<INI
[run]
job = spsa
name = s
seed = 7
threads = 2

[engine_a]
nodes = 300
hash_mb = 1

[spsa]
start_weights = $V1
params = pincer,mage
iterations = 24
batch = 4
c_end = 30
r_end = 0.004
verify_pairs = 3
INI
EXT=(--set "engine_a.command=$BIN uci" --set "engine_a.options=Hash=1, Weights=$V1"
    --set "spsa.options=pincer:100:0:1500, mage:700:0:1500")

run "$CFG" --set run.results_dir="$T/in"
check "in-process SPSA of the weights pincer and mage: exit 0" eval '[ $RC -eq 0 ]'
run "$CFG" --set run.results_dir="$T/ext" "${EXT[@]}"
X=$T/ext/s
check "external SPSA of the options pincer and mage: exit 0, tuned.options written" eval \
    '[ $RC -eq 0 ] && [ -s $X/tuned.options ]'
check "the options follow the same trajectory as the weights (trajectory.csv identical)" \
    same "$X/trajectory.csv" "$T/in/s/trajectory.csv"
check "an options run writes tuned.options only: no tuned.weights; the in-process run has its tuned.weights and no tuned.options" \
    eval '[ ! -e $X/tuned.weights ] && [ -s $T/in/s/tuned.weights ] && [ ! -e $T/in/s/tuned.options ]'
check "the options run's report names tuned.options and the options, not weights" eval \
    'has $X/report.md "tuned options: \`tuned.options\`" && has $X/report.md "| option | start | tuned | change |" &&
     has $X/report.md "The tuned options are" && ! grep -qi "weights" $X/report.md &&
     ! grep -q "tuned.weights" $X/report.html'
check "the same verification games (tuned options against the start)" \
    same "$X/verify.pgn" "$T/in/s/verify.pgn"
check "the options moved: tuned.options differs from the start" eval \
    '! has $X/tuned.options "pincer=100, mage=700" &&
     grep -Eq "^pincer=[0-9]+, mage=[0-9]+$" $X/tuned.options'
check "tuned.options holds the tuned values of summary.json" eval \
    'has $X/tuned.options "pincer=$(sed -n "s/.*\"pincer\": {\"start\": 100, \"tuned\": \([0-9]*\).*/\1/p" $X/summary.json)"'
run "$CFG" --set run.results_dir="$T/ext1" --set run.threads=1 "${EXT[@]}"
check "1 thread: the same trajectory, verification and summary" eval \
    '[ $RC -eq 0 ] && same $T/ext1/s/trajectory.csv $X/trajectory.csv &&
     same $T/ext1/s/summary.json $X/summary.json && same $T/ext1/s/tuned.options $X/tuned.options'
check "config.ini records [spsa] options; an spsa run without them has no such key" eval \
    'grep -q "^options = pincer:100" $X/config.ini && ! grep -q "^options = " <(sed -n "/^\[spsa\]/,\$p" $T/in/s/config.ini)'

run "$CFG" --set run.results_dir="$T/b1" --set "spsa.options=pincer:100:0:1500"
check "options without an external engine: refused (exit 2)" eval \
    '[ $RC -eq 2 ] && has $T/err "give [engine_a] command"'
run "$CFG" --set run.results_dir="$T/b2" --set "engine_a.command=$BIN uci"
check "an external engine without options: refused (exit 2)" eval \
    '[ $RC -eq 2 ] && has $T/err "give [spsa] options"'
printf '[run]\njob = spsa\nname = x\n[spsa]\noptions = pincer:100:0\n' >"$T/bad.ini"
run "$T/bad.ini"
check "a malformed option: refused with file:line" eval \
    '[ $RC -eq 2 ] && has $T/err "bad.ini:5: [spsa] options = pincer:100:0: pincer:100:0: expected"'

echo "spsa_options: $((SECONDS - start)) s"
exit $((failures > 0))
