#!/usr/bin/env bash
# fit_cli.sh: the selfplay, fit and values jobs end to end, small.
#
# Checks that positions and fits do not depend on the number of threads, that a selfplay run
# killed (SIGKILL) resumes to byte-identical positions, that a fit reads a positions file and
# refuses one made with another weights table, and that the values job writes both estimates.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN, the program (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=fit_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/sp.ini
cat >"$CFG" <<'EOF'
[run]
job = selfplay
name = sp
seed = 3

[engine_a]
nodes = 300
hash_mb = 1

[engine_b]
nodes = 300
hash_mb = 1

[match]
max_plies = 200

[selfplay]
games = 40
EOF

# --- selfplay: thread independence, then kill -9 and resume ---------------------------------
run "$CFG" --set run.results_dir="$T/t1" --set run.threads=1
rc1=$RC
run "$CFG" --set run.results_dir="$T/t2" --set run.threads=2
rc2=$RC
SP=$T/t1/sp
check "selfplay with 1 and 2 threads exits 0" [ "$rc1" -eq 0 -a "$rc2" -eq 0 ]
check "selfplay writes positions.traces, report, summary" eval \
    '[ -s $SP/positions.traces ] && [ -f $SP/report.md ] && has $SP/summary.json "\"kept\":"'
check "selfplay threads 1 vs 2: positions.traces identical" same "$SP/positions.traces" \
    "$T/t2/sp/positions.traces"
check "selfplay threads 1 vs 2: summary.json identical" same "$SP/summary.json" \
    "$T/t2/sp/summary.json"

K=$T/kill/sp
"$BIN" run "$CFG" --set run.results_dir="$T/kill" --set run.threads=2 >/dev/null 2>&1 &
BG=$!
for ((i = 0; i < 3000; i++)); do
    [ -f "$K/checkpoint.journal" ] && [ "$(wc -l <"$K/checkpoint.journal")" -gt 5 ] && break
    kill -0 "$BG" 2>/dev/null || break
    sleep 0.02
done
if kill -9 "$BG" 2>/dev/null; then
    wait "$BG" 2>/dev/null
    BG=""
    check "selfplay kill -9: checkpoint kept, no summary" eval \
        '[ -f $K/checkpoint.journal ] && [ ! -e $K/summary.json ]'
    run "$CFG" --set run.results_dir="$T/kill" --set run.threads=2
    check "selfplay resume exits 0 and says so" eval '[ $RC -eq 0 ] && has $T/err "resuming"'
    check "selfplay kill + resume: positions identical" same "$K/positions.traces" \
        "$SP/positions.traces"
else
    BG=""
    echo "FAIL selfplay kill -9: the run ended before it could be killed"
    failures=$((failures + 1))
fi

# --- fit from the positions file ------------------------------------------------------------
FIT=$T/fit.ini
cat >"$FIT" <<EOF
[run]
job = fit
name = fit
seed = 3

[engine_a]
nodes = 300
hash_mb = 1

[fit]
positions = $SP/positions.traces
params = pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer,mage,guard,tempo
verify_pairs = 2
bootstrap = 5
EOF
run "$FIT" --set run.results_dir="$T/f1" --set run.threads=1
rc1=$RC
run "$FIT" --set run.results_dir="$T/f2" --set run.threads=2
rc2=$RC
F=$T/f1/fit
check "fit with 1 and 2 threads exits 0" [ "$rc1" -eq 0 -a "$rc2" -eq 0 ]
check "fit writes weights, table, loss curve, report, verification" eval \
    '[ -f $F/fitted.weights ] && [ -f $F/fit.csv ] && [ -f $F/loss_curve.csv ] &&
     [ -f $F/report.md ] && [ -f $F/verify.pgn ] && has $F/summary.json "\"se_bootstrap\""'
check "fitted.weights loads as a weights file" eval '"$BIN" weights $F/fitted.weights >/dev/null'
check "fit threads 1 vs 2: fit.csv identical" same "$F/fit.csv" "$T/f2/fit/fit.csv"
check "fit threads 1 vs 2: summary.json identical" same "$F/summary.json" "$T/f2/fit/summary.json"
check "loss curve starts at iteration 0 and ends lower" eval \
    'awk -F, "NR==2 {a=\$2} END {exit !(\$2 < a)}" $F/loss_curve.csv'

cp "$SP/positions.traces" "$T/other.traces"
printf 'P' | dd of="$T/other.traces" bs=1 seek=57 conv=notrunc 2>/dev/null
run "$FIT" --set run.results_dir="$T/f3" --set fit.positions="$T/other.traces"
check "positions from another weights table refused (exit 2, says so)" eval \
    '[ $RC -eq 2 ] && has $T/err "different weights table"'
run "$FIT" --set run.results_dir="$T/f4" --set fit.params=pincer,knight
check "unknown weight in [fit] params refused (exit 2)" eval \
    '[ $RC -eq 2 ] && has $T/err "unknown weight '"'"'knight'"'"'"'

# --- quiet leaves and score labels ([selfplay] sampling = leaf, [fit] label) ------------------
run "$FIT" --set run.results_dir="$T/lb" --set fit.label=blend
check "label = blend on a file without scores refused (exit 2, names the file), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "$SP/positions.traces has no search scores" && [ ! -e $T/lb ]'
run "$CFG" --set run.results_dir="$T/lm" --set run.job=fit --set fit.label=score
check "label = score with sampling = margin refused (exit 2, says what to set)" eval \
    '[ $RC -eq 2 ] && has $T/err "set [selfplay] sampling = leaf" && [ ! -e $T/lm ]'
run "$FIT" --set run.results_dir="$T/lb2" --set fit.blend=0.25
check "blend without label = blend refused (exit 2, names the key), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "[fit] blend is the weight of label = blend" && [ ! -e $T/lb2 ]'
run "$CFG" --set run.results_dir="$T/l1" --set run.threads=1 --set selfplay.sampling=leaf
rc1=$RC
run "$CFG" --set run.results_dir="$T/l2" --set run.threads=2 --set selfplay.sampling=leaf
rc2=$RC
L=$T/l1/sp
check "selfplay sampling = leaf with 1 and 2 threads exits 0, identical positions" eval \
    '[ "$rc1" -eq 0 -a "$rc2" -eq 0 ] && cmp -s $L/positions.traces $T/l2/sp/positions.traces'
check "sampling = leaf: traces format version 3, summary counts the resolved positions" eval \
    '[ "$(od -An -tu4 -j8 -N4 $L/positions.traces | tr -d " ")" = 3 ] &&
     has $L/summary.json "\"resolved\":" && has $L/report.md "resolved to a different leaf"'
check "sampling = leaf: config.ini names it, the margin run's config.ini does not" eval \
    'has $L/config.ini "sampling = leaf" && ! has $SP/config.ini "sampling ="'
run "$FIT" --set run.results_dir="$T/lf" --set fit.positions="$L/positions.traces" \
    --set fit.label=blend --set fit.blend=0.25 --set fit.verify_pairs=0 --set fit.bootstrap=0
check "label = blend on leaf positions exits 0, reports the label" eval \
    '[ $RC -eq 0 ] && has $T/lf/fit/summary.json "\"label_blend\": 0.25" &&
     has $T/lf/fit/report.md "label = blend"'

# --- values ----------------------------------------------------------------------------------
run "$FIT" --set run.results_dir="$T/v" --set run.job=values --set run.name=val \
    --set values.positions="$SP/positions.traces" --set values.pairs=2 \
    --set values.calibration_pairs=3 --set values.pgn=true
V=$T/v/val
check "values exits 0 with both methods in the table" eval \
    '[ $RC -eq 0 ] && has $V/values.csv "mage," && has $V/summary.json "\"handicap\":" &&
     has $V/summary.json "\"regression\": {"'
check "values handicap.pgn holds 2 games per pair (3 + 7 x 2 pairs)" eval \
    '[ "$(grep -c "^\[Event" $V/handicap.pgn)" -eq 34 ]'
check "handicap games replay cleanly" eval '"$BIN" replay $V/handicap.pgn >/dev/null 2>&1'

# Imbalance matches: the side with the mage also gives 3 pincers, the guard's side 1.
run "$FIT" --set run.results_dir="$T/vo" --set run.job=values --set run.name=valo \
    --set values.positions=none --set values.pairs=2 --set values.calibration_pairs=3 \
    --set values.pgn=true --set values.types=pincer,mage,guard \
    --set "values.offsets=mage:3, guard:1"
VO=$T/vo/valo
# "piece:offset" for each row of values.csv, from its handicap_offset column (found by name).
offsets_of() {
    awk -F, 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == "handicap_offset") c = i; next}
             {printf "%s:%s ", $1, $c}' "$1"
}
check "values with offsets exits 0; values.csv gives each type's offset" eval \
    '[ $RC -eq 0 ] && [ "$(offsets_of $VO/values.csv)" = "pincer:0 mage:3 guard:1 " ]'
# Each "mage against 3 pincers" opening: one mage and three pincers fewer than the other side
# has (mages: 'g'; pincers: 'p'), the side short of pincers being the one with both mages.
check "mage-against-3-pincers openings lack one mage on one side and 3 pincers on the other" eval \
    '[ "$(grep -A10 "1 mage against 3 pincers" $VO/handicap.pgn | grep "^\[FEN" | cut -d" " -f2 |
         awk "{w=gsub(/G/,\"\"); b=gsub(/g/,\"\"); P=gsub(/P/,\"\"); p=gsub(/p/,\"\");
              if ((w==2 && b==1 && P<=3 && p<=6 && 6-P>=3) || (b==2 && w==1 && p<=3 && P<=6 && 6-p>=3)) ok++}
              END {print ok+0}")" -eq 4 ]'
check "imbalance games replay cleanly" eval '"$BIN" replay $VO/handicap.pgn >/dev/null 2>&1'
for bad in "mage:7" "pincer:1" "queen:2" "mage" "mage:x" "coordinator:2" "mage:1,mage:2"; do
  run "$FIT" --set run.results_dir="$T/vbad" --set run.job=values --set values.positions=none \
      --set values.types=pincer,mage,guard --set "values.offsets=$bad"
  check "values.offsets=$bad refused (exit 2, names the key), no folder" eval \
      '[ $RC -eq 2 ] && has $T/err "[values] offsets" && [ ! -e $T/vbad ]'
done

echo "fit_cli: $failures failed"
[ "$failures" -eq 0 ]
