#!/usr/bin/env bash
# pipeline_cli.sh: the pipeline job (self-play, fit, SPSA, gate) end to end at toy size
# (tests/data/pipeline-tiny.ini).
#
# Checks that it finishes with final.weights (which search loads) and a report of each stage's
# gain and the chosen lambda; that 1 and 2 threads write identical files; that a run killed in
# each of its four stages in turn (once with SIGINT, once with SIGKILL) and resumed each time
# writes the same files as an uninterrupted one; that bad [pipeline] keys are refused with
# file:line and leave no folder; that with a params file SPSA tunes its parameters from the
# fitted weights; that [pipeline] gate_opponents plays the final weights against each opponent
# as the gate (gate-1/, gate-2/; against the start's weights it repeats the gate's games) and
# reports each,
# and refuses an empty item or a missing file. Runs are made in the same folder ($T/r) and moved
# aside, so that the paths the stages' files name are the same. Prints one "PASS name" or
# "FAIL name" line per check; exits 1 if any failed. Environment: BIN, the program (default
# bin/maxtune).
set -u
NAME=pipeline_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$(dirname "$0")/data/pipeline-tiny.ini
R=$T/r
STAGES=(selfplay fit spsa gate)
# More verification pairs than the tiny config's, so that every stage lasts long enough to be
# killed in.
MORE=(--set fit.verify_pairs=6 --set spsa.verify_pairs=6 --set pipeline.gate_pairs=8)

# Compares the files of two pipeline folders, stages included (tests/lib/common.sh).
same_run() { same_folders "$1/tiny" "$2/tiny"; }

# --- a tiny pipeline finishes --------------------------------------------------------------
run "$CFG" --set run.results_dir="$R" --set run.threads=1 "${MORE[@]}"
F=$R/tiny
check "tiny pipeline finishes (exit 0)" [ "$RC" -eq 0 ]
check "every stage finished in its folder" eval \
    '[ -f $F/selfplay/summary.json ] && [ -f $F/fit/summary.json ] &&
     [ -f $F/spsa/summary.json ] && [ -f $F/gate/summary.json ] && [ -f $F/summary.json ]'
check "final.weights holds SPSA's tuned weights and search loads it" eval \
    'diff <(grep -v "^# maxtune pipeline" $F/final.weights) $F/spsa/tuned.weights >/dev/null &&
     "$BIN" search start --depth 2 --weights $F/final.weights | grep -q "^bestmove"'
check "report: each stage's Elo, the chosen lambda, the final weights" eval \
    'has $F/report.md "| fit | fitted against start" && has $F/report.md "| spsa | final against fitted" &&
     has $F/report.md "| gate | final against start" && has $F/report.md "chosen by \`[fit] regularize = auto\`" &&
     has $F/report.md "final.weights" && has $F/summary.json "\"lambda_auto\": true"'
# The value of key $3 in section [$2] of config file $1.
ini_value() { awk -v s="[$2]" -v k="$3" '/^\[/ {in_s = $0 == s} in_s && $1 == k {print $3}' "$1"; }
check "the gate played final against start, both at gate_nodes (300)" eval \
    '[ "$(ini_value $F/gate/config.ini engine_a nodes)" = 300 ] &&
     [ "$(ini_value $F/gate/config.ini engine_b nodes)" = 300 ] &&
     has $F/gate/summary.json "\"player_a\": \"final\""'
# True when both engines of the fit's and SPSA's stages play at the pipeline's 200 nodes.
stage_nodes() {
    local st e
    for st in fit spsa; do
        for e in engine_a engine_b; do
            [ "$(ini_value "$F/$st/config.ini" $e nodes)" = 200 ] || return 1
        done
    done
}
check "the fit's and SPSA's stages: both engines at the pipeline's 200 nodes" stage_nodes
mv "$R" "$T/ref"

# --- threads 1 vs 2 ------------------------------------------------------------------------
run "$CFG" --set run.results_dir="$R" --set run.threads=2 "${MORE[@]}"
check "threads 1 vs 2: identical files" eval '[ $RC -eq 0 ] && same_run $T/ref $R'
rm -rf "$R"

# --- killed in each stage in turn, resumed each time ---------------------------------------
for sig in INT KILL; do
    landed=""
    for stage in "${STAGES[@]}"; do
        "$BIN" run "$CFG" --set run.results_dir="$R" --set run.threads=2 "${MORE[@]}" \
            >"$T/out" 2>"$T/err" &
        BG=$!
        wait_records "$R/tiny/$stage" 1 && kill -"$sig" "$BG" 2>/dev/null
        wait "$BG" 2>/dev/null
        BG=""
        [ -f "$R/tiny/$stage/summary.json" ] || landed="$landed $stage"
    done
    run "$CFG" --set run.results_dir="$R" --set run.threads=1 "${MORE[@]}"
    check "SIGINT/KILL ($sig) in each stage (stopped in:$landed), resumed: identical files" \
        eval '[ $RC -eq 0 ] && [ -n "$landed" ] && same_run $T/ref $R'
    check "$sig: a resumed run keeps the stages that finished" has "$T/err" "finished earlier, kept"
    rm -rf "$R"
done

# --- bad configs: file:line, exit 2, no folder ----------------------------------------------
bad_key fit_params "pincer, knight" "unknown weight 'knight'"
bad_key spsa_params "@nothing" "unknown group '@nothing'"
bad_key spsa_params "tempo, tempo" "'tempo' given twice"
bad_key gate_nodes 0 "[pipeline] gate_nodes"
bad_key gate_pairs many "[pipeline] gate_pairs"
bad_key validation 0 "regularize = auto needs held-out games"
bad_key regularize -1 "[fit] regularize"
run "$CFG" --set run.results_dir="$T/nofolder" --set spsa.params_start=fitted
check "[spsa] params_start = fitted refused (exit 2), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "params_start" && has $T/err "expected file or weights" &&
     [ ! -e $T/nofolder ]'

# --- SPSA from a params file: its parameters, ranges and steps, from the fitted weights ------
printf 'tempo.mg, 0, -60, 60, 6, 0.01\nking_pressure.eg, 10, 0, 15, 2, 0.01\n' >"$T/p.params"
run "$CFG" --set run.results_dir="$T/pf" --set run.threads=2 --set spsa.params_file="$T/p.params"
P=$T/pf/tiny
# The fitted value of weight $1, kept within [$2, $3].
fitted_in() {
    awk -v w="$1" -v lo="$2" -v hi="$3" '$1 == w {v = $3; print (v < lo ? lo : v > hi ? hi : v)}' \
        "$P/fit/fitted.weights"
}
check "a params file in a pipeline: SPSA tunes its two weights from the fitted values" eval \
    '[ $RC -eq 0 ] && grep -q "^params_start = weights$" $P/spsa/config.ini &&
     head -1 $P/spsa/trajectory.csv | grep -q "^iteration,tempo.mg,king_pressure.eg," &&
     awk -F, -v a="$(fitted_in tempo.mg -60 60)" -v b="$(fitted_in king_pressure.eg 0 15)" \
         "NR == 2 {exit !(\$2 == a && \$3 == b)}" $P/spsa/trajectory.csv &&
     has $P/report.md "SPSA iterations of the parameters of \`$T/p.params\`"'
run "$CFG" --set run.results_dir="$T/nofolder" --set pipeline.start_weights=$T/missing.weights
check "missing start weights refused (exit 2), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "[pipeline] start_weights" && [ ! -e $T/nofolder ]'

# --- the gate against other engines ([pipeline] gate_opponents) ------------------------------
run "$CFG" --set run.results_dir="$T/op" --set run.threads=2 --set pipeline.gate_opponents="default, material"
O=$T/op/tiny
# The value of key $2 in summary.json $1 (a number).
json_num() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
check "gate_opponents = default, material: the final weights play each in gate-1/, gate-2/ as the gate" eval \
    '[ $RC -eq 0 ] && has $O/gate-1/summary.json "\"player_b\": \"default\"" &&
     has $O/gate-2/summary.json "\"player_b\": \"material\"" && grep -q "^weights = material$" $O/gate-2/config.ini &&
     [ "$(ini_value $O/gate-2/config.ini engine_a nodes)" = 300 ] && [ "$(ini_value $O/gate-2/config.ini match pairs)" = 6 ] &&
     [ "$(json_num $O/gate-2/summary.json games)" = 12 ]'
check "gate-1 (against default, the start) repeats the gate: the same openings and moves" eval \
    '[ "$(json_num $O/gate-1/summary.json elo)" = "$(json_num $O/gate/summary.json elo)" ] &&
     same <(grep -v "^\[" $O/gate/games.pgn) <(grep -v "^\[" $O/gate-1/games.pgn)'
check "the report and summary.json give each opponent's Elo" eval \
    'has $O/report.md "## The gate against other engines" &&
     grep -qE "^\| gate-2 \| \`material\` \| 12 \| \*\*[+-][0-9.]+ \+/- [0-9.]+\*\* \| [0-9.]+% \| \[gate-2/report.md\]" $O/report.md &&
     has $O/summary.json "\"gate_opponents\": [" && has $O/summary.json "{\"folder\": \"gate-1\", \"weights\": \"default\", \"match\": {" &&
     ! has $T/ref/tiny/report.md "The gate against other engines"'
run "$CFG" --set run.results_dir="$T/nofolder" --set pipeline.gate_opponents="default,,material"
check "gate_opponents with an empty item refused (exit 2), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "[pipeline] gate_opponents" && has $T/err "an empty item" && [ ! -e $T/nofolder ]'
run "$CFG" --set run.results_dir="$T/nofolder" --set pipeline.gate_opponents="start, $T/missing.weights"
check "a missing opponent's weights refused (exit 2), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "[pipeline] gate_opponents" && [ ! -e $T/nofolder ]'

echo "pipeline_cli: $failures failed ($((SECONDS - start)) s)"
[ "$failures" -eq 0 ]
