#!/usr/bin/env bash
# generations_cli.sh: the generations job end to end at toy size (tests/data/generations-tiny.ini):
# two generations of the pipeline from v1 and their ladder.
#
# Checks that it finishes with each generation's pipeline folder, the ladder, generations.csv,
# summary.json and a report row per generation; that its first generation is the pipeline run
# alone (pipeline-tiny.ini from v1, the same seed: the same positions and final weights); that 1
# and 2 threads write identical files; that a run killed in its second generation and resumed
# writes the same files as an uninterrupted one; that bad [generations] keys are refused with
# file:line and leave no folder. Runs are made in the same folder ($T/r) and moved aside, so that
# the paths the parts' files name are the same. Prints one "PASS name" or "FAIL name" line per
# check; exits 1 if any failed. Environment: BIN, the program (default bin/maxtune).
set -u
NAME=generations_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

DATA=$(dirname "$0")/data
CFG=$DATA/generations-tiny.ini
R=$T/r
F=$R/gens

# Compares the files of two generations folders, parts included (tests/lib/common.sh), but
# for the top report, whose CPU-hour columns come from run.txt.
same_run() { same_folders "$1/gens" "$2/gens" report.md report.html; }

# --- a tiny run finishes ---------------------------------------------------------------------
run "$CFG" --set run.results_dir="$R" --set run.threads=1
check "tiny generations run finishes (exit 0)" [ "$RC" -eq 0 ]
check "each generation a finished pipeline, then the ladder" eval \
    '[ -f $F/gen-1/summary.json ] && [ -f $F/gen-1/final.weights ] &&
     [ -f $F/gen-2/gate/summary.json ] && [ -f $F/gen-2/final.weights ] &&
     [ -f $F/ladder/ratings.csv ] && [ -f $F/summary.json ] && [ -f $F/generations.csv ]'
check "generation 2 plays seed + 1 and starts from the winner of generation 1" eval \
    'grep -q "^seed = 8$" $F/gen-2/config.ini &&
     if grep -q "\"generation\": 1, .*\"won\": true" $F/summary.json; then
         grep -q "^start_weights = .*gen-1/final.weights$" $F/gen-2/config.ini
     else grep -q "^start_weights = v1$" $F/gen-2/config.ini; fi'
check "the ladder: gen-0 (v1) and both generations' final weights, at ladder_nodes" eval \
    'grep -q "^weights = v1$" $F/ladder/config.ini &&
     [ "$(grep -c "^weights = .*/gen-[12]/final.weights$" $F/ladder/config.ini)" = 2 ] &&
     [ "$(grep -c "^nodes = 200$" $F/ladder/config.ini)" -ge 3 ]'
check "generations.csv: gen-0 at 0 and a row per generation; report and summary agree" eval \
    '[ "$(wc -l <$F/generations.csv)" = 4 ] && grep -q "^0,gen-0,,.*,0.00,0.00,0.00$" $F/generations.csv &&
     has $F/report.md "| [gen-2](gen-2/report.md) |" && has $F/report.md "CPU hours" &&
     [ "$(grep -c "\"generation\": " $F/summary.json)" = 2 ] && has $F/summary.json "\"best\": "'
# The best weights' signs: v1's and the tiny generations' keep every sign their meaning fixes, or
# the section names the ones they flipped.
check "the report checks the best weights' signs against their meanings" eval \
    'has $F/report.md "## Signs that contradict their meaning" &&
     grep -qE "^(None: in (gen-[12].s final weights|the start weights), each of the [0-9]+ weights|In (gen-[12].s final weights|the start weights), [0-9]+ of the [0-9]+ weights)" $F/report.md'
check "maxtune report re-makes its pages (two generations: no gen-3 to make)" eval \
    '"$BIN" report $F >$T/rep 2>&1 && grep -q "gens/gen-2/selfplay/report.html$" $T/rep &&
     grep -q "gens/report.html$" $T/rep && ! grep -q gen-3 $T/rep'

# The first generation is the pipeline alone: pipeline-tiny.ini (the same keys) from v1.
run "$DATA/pipeline-tiny.ini" --set run.results_dir="$T/p" --set run.threads=2 \
    --set pipeline.start_weights=v1
check "generation 1 = the pipeline run alone: the same positions and final weights" eval \
    '[ $RC -eq 0 ] && same $T/p/tiny/selfplay/positions.traces $F/gen-1/selfplay/positions.traces &&
     diff <(grep -v "^# maxtune" $T/p/tiny/final.weights) <(grep -v "^# maxtune" $F/gen-1/final.weights) >/dev/null'
mv "$R" "$T/ref"

# --- threads 1 vs 2 --------------------------------------------------------------------------
run "$CFG" --set run.results_dir="$R" --set run.threads=2
check "threads 1 vs 2: identical files" eval '[ $RC -eq 0 ] && same_run $T/ref $R'
rm -rf "$R"

# --- killed in the second generation, resumed -------------------------------------------------
"$BIN" run "$CFG" --set run.results_dir="$R" --set run.threads=2 >"$T/out" 2>"$T/err" &
BG=$!
wait_records "$F/gen-2/selfplay" 1 && kill -KILL "$BG" 2>/dev/null
wait "$BG" 2>/dev/null
BG=""
stopped=$([ -f "$F/gen-1/summary.json" ] && [ ! -f "$F/gen-2/summary.json" ] && echo yes)
run "$CFG" --set run.results_dir="$R" --set run.threads=1
check "killed in generation 2 ($stopped), resumed: identical files" eval \
    '[ $RC -eq 0 ] && [ "$stopped" = yes ] && same_run $T/ref $R'
check "the resumed run kept generation 1" has "$T/err" "finished earlier, kept"
rm -rf "$R"

# --- bad configs: file:line, exit 2, no folder ------------------------------------------------
bad_key count 0 "[generations] count"
bad_key count 16 "[generations] count"
bad_key ladder_pairs 0 "[generations] ladder_pairs"
run "$CFG" --set run.results_dir="$T/nofolder" --set generations.start_weights=$T/missing.weights
check "missing start weights refused (exit 2), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "[generations] start_weights: $T/missing.weights: cannot open" &&
     [ ! -e $T/nofolder ]'
run "$CFG" --set run.results_dir="$T/nofolder" --set spsa.params_file="$T/missing.params"
check "a missing [spsa] params_file refused (exit 2), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "missing.params" && [ ! -e $T/nofolder ]'
printf '[run]\njob = match\nname = m\n[generations]\ncount = 3\n' >"$T/match.ini"
run "$T/match.ini" --set run.results_dir="$T/nofolder"
check "[generations] in a match config refused (exit 2), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "match.ini:4" && [ ! -e $T/nofolder ]'

echo "generations_cli: $failures failed ($((SECONDS - start)) s)"
[ "$failures" -eq 0 ]
