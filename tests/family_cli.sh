#!/usr/bin/env bash
# family_cli.sh: the family job ([run] job = family) and the defensive player ([engine_a]
# defence). A tiny study finishes with its 8 parts (each game's self-play at three depths, each
# game's defensive player), each part a selfplay run of its own game with its games.pgn; every
# figure of family.csv is re-derived from the parts' PGN (counts, Wilson intervals, scores,
# lengths), the defensive table's scores and Elo from them, and every figure of each game's
# draw-rate trend and of the difference of the two, in summary.json and report.md, from the
# table's counts (weighted least squares with the Birge ratio): tests/lib/family_figures.py.
# The same config gives byte-identical tables and games with one thread or two, and after an interrupted
# run is resumed. Bad input is refused with one line and exit 2, leaving no folder: nodes not
# increasing, [run] variant = ultima, a defensive external engine, a weights file that does not
# exist. A defensive player in a match is named so in its report.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=family_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/f.ini
cat >"$CFG" <<'INI'
[run]
job = family
name = f
seed = 11
threads = 2

[engine_a]
hash_mb = 1

[engine_b]
hash_mb = 1

[match]
max_plies = 200
draw_move_count = 0
resign_move_count = 0

[family]
nodes = 60, 120, 240
games = 14
defence = 300
defence_nodes = 120
defence_games = 12
INI
PARTS="maxima-60 maxima-120 maxima-240 ultima-60 ultima-120 ultima-240 defensive-maxima defensive-ultima"

run "$CFG" --set run.results_dir="$T/a"
F=$T/a/f
ok_parts() {
    local p
    for p in $PARTS; do [ -s "$F/$p/games.pgn" ] && [ -s "$F/$p/summary.json" ] || return 1; done
}
check "a tiny family study finishes (exit 0) with its 8 parts, each with games.pgn" eval \
    '[ $RC -eq 0 ] && ok_parts && [ -s $F/family.csv ] && [ -s $F/summary.json ] && [ -s $F/report.md ]'
check "each part plays its own game; only defensive-<game>'s player A is defensive" eval \
    'has $F/ultima-120/config.ini "variant = ultima" && has $F/defensive-ultima/config.ini "variant = ultima" &&
     ! has $F/maxima-120/config.ini "variant = ultima" && has $F/defensive-maxima/config.ini "defence = 300" &&
     [ "$(grep -c "^defence = " $F/defensive-maxima/config.ini)" = 1 ] && ! has $F/maxima-240/config.ini "defence =" &&
     grep -q "^\[Variant \"Ultima\"\]" $F/ultima-60/games.pgn && grep -q "^\[White \"defensive\"\]" $F/defensive-ultima/games.pgn'

# Every figure of family.csv, summary.json and report.md re-derived from the run's own files
# (tests/lib/family_figures.py prints each one that disagrees).
FIGURES=$(dirname "$0")/lib/family_figures.py
check "family.csv from the parts' PGN (8 parts): counts, Wilson's draw and decisive intervals, White's and A's scores, lengths; the defensive table's scores and Elo" \
    python3 "$FIGURES" table "$F"
check "every trend figure (slopes, errors, intervals, p, Birge; the difference's error, z, p, verdict) re-derived from the counts" \
    python3 "$FIGURES" trends "$F"
check "the report: the tables, the trend's verdict, the defensive player, the plot, the parts' links" eval \
    'has $F/report.md "| Ultima | 240 | 14 |" && has $F/report.md "Ultima'"'"'s slope minus Maxima'"'"'s:" &&
     has $F/report.md "| game | defensive player'"'"'s score | Elo |" && has $F/report.md "[defensive-ultima](defensive-ultima/report.md)" &&
     has $F/report.md "![Draw rate against nodes per move](draw_rate.png)" && [ -s $F/report.html ]'

run "$CFG" --set run.results_dir="$T/b" --set run.threads=1
check "one thread gives the same family.csv and games as two" eval \
    '[ $RC -eq 0 ] && same $F/family.csv $T/b/f/family.csv && same $F/summary.json $T/b/f/summary.json &&
     same $F/defensive-ultima/games.pgn $T/b/f/defensive-ultima/games.pgn && same $F/maxima-240/games.pgn $T/b/f/maxima-240/games.pgn'

# Interrupted in its third part, then resumed: the same files as a run in one go.
"$BIN" run "$CFG" --set run.results_dir="$T/c" --set family.games=40 >"$T/out" 2>"$T/err" &
BG=$!
for ((i = 0; i < 3000; i++)); do
    [ -f "$T/c/f/maxima-240/checkpoint.journal" ] && break
    kill -0 "$BG" 2>/dev/null || break
    sleep 0.02
done
kill -INT "$BG" 2>/dev/null
wait "$BG"
RC1=$?
BG=""
run "$CFG" --set run.results_dir="$T/c" --set family.games=40
run "$CFG" --set run.results_dir="$T/d" --set family.games=40
check "an interrupted study resumes and ends with the files of a run in one go" eval \
    '[ $RC1 -ne 0 ] && [ $RC -eq 0 ] && same $T/c/f/family.csv $T/d/f/family.csv &&
     same $T/c/f/maxima-240/games.pgn $T/d/f/maxima-240/games.pgn'

printf '[run]\njob = match\nname = m\n[engine_a]\nnodes = 100\ndefence = 250\n[engine_b]\nnodes = 100\n[match]\npairs = 2\n' >"$T/m.ini"
# --- refusals --------------------------------------------------------------------------------------
refused() { [ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && has $T/err "$1" && [ ! -e $T/bad ]; }
run "$CFG" --set run.results_dir="$T/bad" --set "family.nodes=500, 200, 800"
check "nodes not increasing: exit 2, one line naming [family] nodes, no folder" refused \
    "[family] nodes = 500, 200, 800: 200 after 500: the depths must increase"
run "$CFG" --set run.results_dir="$T/bad" --set "family.nodes=500, 2000"
check "two depths: exit 2 (a trend needs three)" refused "at least 3 depths"
run "$CFG" --set run.results_dir="$T/bad" --set run.variant=ultima
check "[run] variant = ultima: exit 2, one line (the study plays both games)" refused \
    "a family study plays both games"
run "$CFG" --set run.results_dir="$T/bad" --set family.ultima_weights="$T/none.weights"
check "a missing weights file: exit 2, [family] ultima_weights named" refused "[family] ultima_weights:"
run "$T/m.ini" --set run.results_dir="$T/bad" --set engine_a.command=/bin/true
check "a defensive external engine: exit 2, one line" refused \
    "defence is a setting of the in-process engine"

# --- a defensive player in a match ---------------------------------------------------------------
run "$T/m.ini" --set run.results_dir="$T/m"
check "a match with a defensive player: its report says so" eval \
    '[ $RC -eq 0 ] && has $T/m/m/report.md "(defence 250%)" && has $T/m/m/config.ini "defence = 250"'

echo "$NAME: $failures failed ($((SECONDS - start)) s)"
[ "$failures" -eq 0 ]
