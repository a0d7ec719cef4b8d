#!/usr/bin/env bash
# ultima_jobs.sh: the tuning jobs play Ultima ([run] variant = ultima). Tiny spsa, fit, values,
# suite and pipeline runs finish; each tunes, fits or values Ultima's own weights (no Mage, no
# Guard, no palace), writes weights files of Ultima that `maxtune weights --variant ultima`
# reads, and names the game in report.md and summary.json: values.csv has exactly Ultima's six
# piece types, the pipeline's heat map data and tables have 8 ranks (1..8) and 7 piece types.
# When a list key is left at its default, an Ultima run uses its own list (config.ini says
# which); a type or weight of Maxima only ([values] types, [spsa] params, [fit] params,
# [pipeline] spsa_params, a params_file line) is refused with one line naming its key and
# exit 2, leaving no results folder, and an Ultima-only weight is refused in a Maxima run.
# `maxtune report` rewrites each run's page.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=ultima_jobs
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/u.ini
cat >"$CFG" <<'INI'
[run]
job = spsa
variant = ultima
name = u
seed = 3
threads = 2

[engine_a]
nodes = 150
hash_mb = 1

[selfplay]
games = 12

[fit]
verify_pairs = 1
validation = 0

[spsa]
start_weights = ultima
iterations = 4
batch = 2
verify_pairs = 1

[values]
pairs = 1
calibration_pairs = 2

[pipeline]
fit_params = @material
gate_nodes = 150
gate_pairs = 1
INI
ULTIMA_TYPES="pincer coordinator long_leaper chameleon withdrawer immobilizer"

# True when weights file $1 is a weights file of Ultima ($BIN weights --variant ultima reads it).
ultima_weights() {
    has "$1" "# maxtune weights file for Ultima" && ! grep -qE "^(mage|guard|palace_)" "$1" &&
        "$BIN" weights --variant ultima "$1" >/dev/null 2>&1
}
# True when run folder $1 names Ultima in report.md and summary.json.
names_game() {
    has "$1/report.md" "Game: **Ultima**" && has "$1/summary.json" '"variant": "ultima",'
}
# True when every stage folder of pipeline folder $1 has a config.ini of Ultima.
stages_ultima() {
    local s
    for s in selfplay fit spsa gate; do has "$1/$s/config.ini" "variant = ultima" || return 1; done
}
# True when `maxtune report` rewrites run folder $1's page.
rewrites() { rm -f "$1/report.html" && "$BIN" report "$1" >/dev/null 2>&1 && [ -s "$1/report.html" ]; }

# --- spsa --------------------------------------------------------------------------------------
run "$CFG" --set run.results_dir="$T/spsa"
S=$T/spsa/u
check "spsa: an Ultima run finishes (exit 0) tuning Ultima's six pieces (its default)" eval \
    '[ $RC -eq 0 ] && has $S/config.ini "params = pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer" &&
     [ "$(head -1 $S/trajectory.csv)" = "iteration,${ULTIMA_TYPES// /,},plus_wins,plus_losses,draws,plus_score" ]'
check "spsa: tuned.weights is an Ultima weights file; the reports name the game" eval \
    'ultima_weights $S/tuned.weights && names_game $S && has $S/report.md "| hand-set (ultima) | ChessV (pawns) |" &&
     has $S/report.md "| immobilizer | 820 |" && rewrites $S'
run "$CFG" --set run.results_dir="$T/spsa2" --set spsa.params="frozen.pincer, king_attack.king"
check "spsa: Ultima's own terms are tuned" eval \
    '[ $RC -eq 0 ] && has $T/spsa2/u/summary.json "\"frozen.pincer\": {\"start\": -25,"'
run "$CFG" --set run.results_dir="$T/bad" --set spsa.params=pincer,mage
check "spsa: 'mage' in Ultima: exit 2, one line naming [spsa] params, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/bad ] &&
     has $T/err "[spsa] params = pincer,mage: '"'"'mage'"'"' is not an Ultima weight"'
printf 'guard, 280, 0, 1500, 20, 0.002\n' >"$T/p.txt"
run "$CFG" --set run.results_dir="$T/bad" --set spsa.params_file="$T/p.txt"
check "spsa: a Maxima weight in params_file: exit 2, its file:line named, no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "p.txt:1: not an Ultima weight ('"'"'guard'"'"')" && [ ! -e $T/bad ]'
run "$CFG" --set run.results_dir="$T/bad" --set run.variant=maxima --set spsa.params=frozen.pincer
check "spsa: an Ultima weight in a Maxima run: exit 2, one line, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/bad ] &&
     has $T/err "'"'"'frozen.pincer'"'"' is not a Maxima weight"'

# --- fit -----------------------------------------------------------------------------------------
run "$CFG" --set run.results_dir="$T/fit" --set run.job=fit
F=$T/fit/u
check "fit: an Ultima run fits Ultima's six pieces (exit 0, fit.csv's rows)" eval \
    '[ $RC -eq 0 ] && [ "$(cut -d, -f1 $F/fit.csv | tail -n +2 | tr "\n" " ")" = "$ULTIMA_TYPES " ]'
check "fit: fitted.weights is an Ultima weights file; the reports name the game" eval \
    'ultima_weights $F/fitted.weights && names_game $F && rewrites $F'
run "$CFG" --set run.results_dir="$T/bad" --set run.job=fit --set fit.params=@palace
check "fit: @palace in Ultima: exit 2, one line naming [fit] params, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/bad ] &&
     has $T/err "[fit] params = @palace: group '"'"'@palace'"'"' has no Ultima weight"'

# --- values --------------------------------------------------------------------------------------
run "$CFG" --set run.results_dir="$T/values" --set run.job=values
V=$T/values/u
check "values: values.csv has exactly Ultima's six types, the Pincer the unit" eval \
    '[ $RC -eq 0 ] && [ "$(cut -d, -f1 $V/values.csv | tail -n +2 | tr "\n" " ")" = "$ULTIMA_TYPES " ] &&
     grep -q "^pincer,1,.*,1.0000,1.0000,1.0000," $V/values.csv && ! grep -qE "^(mage|guard)," $V/values.csv'
check "values: ChessV's values beside them; the reports name the game" eval \
    'grep -q "^immobilizer,8.2," $V/values.csv && names_game $V &&
     has $V/report.md "What each Ultima piece is worth" && has $V/report.md "| piece | ChessV | hand-set (ultima) |" &&
     rewrites $V'
run "$CFG" --set run.results_dir="$T/bad" --set run.job=values --set values.types=pincer,guard
check "values: 'guard' in Ultima: exit 2, one line naming [values] types and the game's six, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/bad ] &&
     has $T/err "[values] types: '"'"'guard'"'"' is not a piece type of Ultima (one of pincer, coordinator, long_leaper, chameleon, withdrawer, immobilizer)"'
run "$CFG" --set run.results_dir="$T/bad" --set run.job=values --set values.offsets=mage:3
check "values: an offset of the Mage in Ultima: exit 2, [values] offsets named, no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "[values] offsets: '"'"'mage'"'"'" && [ ! -e $T/bad ]'

# --- suite ---------------------------------------------------------------------------------------
run "$CFG" --set run.results_dir="$T/suite" --set run.job=suite
U=$T/suite/u
check "suite: an Ultima suite finishes: values and spsa of Ultima, one report naming it" eval \
    '[ $RC -eq 0 ] && names_game $U && names_game $U/values && names_game $U/spsa &&
     [ "$(grep -c "^| [a-z_]* | [0-9.]* | " $U/report.md)" = 6 ] && ! has $U/report.md "| mage |" &&
     ultima_weights $U/spsa/tuned.weights && rewrites $U'

# --- pipeline ------------------------------------------------------------------------------------
printf 'pst_rank.pincer.3 = 12\npst_file.king.e = -7\npst_rank.king.8 = 30\n' >"$T/start.weights"
run "$CFG" --set run.results_dir="$T/pipe" --set run.job=pipeline \
    --set pipeline.start_weights="$T/start.weights"
P=$T/pipe/u
check "pipeline: an Ultima pipeline finishes; every stage and final.weights are Ultima's" eval \
    '[ $RC -eq 0 ] && names_game $P && ultima_weights $P/final.weights &&
     stages_ultima $P &&
     has $P/config.ini "spsa_params = king_pressure,king_frozen,immobilizer_king,suicide_spare,tempo" &&
     has $P/report.md "of 310 weights differ" && rewrites $P'
check "pipeline: the heat map's data: 7 piece types x 2 phases of 8 ranks (1..8) of 8 files" eval \
    '[ "$(grep -c "^# " $P/squares.dat)" = 15 ] && [ "$(grep -c "^[0-7] [1-8] -\?[0-9]*$" $P/squares.dat)" = 896 ] &&
     ! grep -qE "^[0-7] (0|9|10) " $P/squares.dat && ! grep -q "NaN\|mage\|guard" $P/squares.dat &&
     grep -q "^3 3 12$" $P/squares.dat'
check "pipeline: the report's tables have 8 ranks, no palace row, no Mage nor Guard" eval \
    'has $P/report.md "| 8 | 30 | 30 | 30 | 30 | 23 | 30 | 30 | 30 |" && ! grep -q "^| 9 |\|^| 10 |\|^| 0 |" $P/report.md &&
     ! grep -q "^mage, \|^guard, \|palace" $P/report.md &&
     { ! command -v gnuplot >/dev/null || [ -s $P/squares.png ]; }'
run "$CFG" --set run.results_dir="$T/bad" --set run.job=pipeline --set pipeline.spsa_params=palace_occupy
check "pipeline: a palace term in Ultima: exit 2, one line naming [pipeline] spsa_params, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/bad ] &&
     has $T/err "[pipeline] spsa_params = palace_occupy: '"'"'palace_occupy'"'"' is not an Ultima weight"'

echo "ultima_jobs: $((SECONDS - start)) s"
[ $failures -eq 0 ]
