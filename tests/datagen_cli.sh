#!/usr/bin/env bash
# datagen_cli.sh: the datagen job ([run] job = datagen). Tiny runs (6 games at 300 nodes) of
# Maxima and Martian Chess finish with positions.bin, scores.csv, timing.json, report.md and
# summary.json; positions.bin is as docs/formats.md describes it (magic, version, game, the
# record count of summary.json, the size, the FNV-1a hash, each record's side, result, flags
# and nondecreasing game: tests/lib/packed_check.py); one thread gives the files of two; a run
# interrupted after a few games and resumed gives the bytes of a run in one go; the filters
# count up to the positions; [datagen] max_score = 0 is refused with one line naming file and
# line.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=datagen_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
PACKED=$(dirname "$0")/lib/packed_check.py

CFG=$T/d.ini
cat >"$CFG" <<'INI'
[run]
job = datagen
name = d
seed = 11
threads = 2

[engine_a]
nodes = 300
hash_mb = 1

[match]
opening_plies = 6

[datagen]
games = 6
skip_plies = 4
max_score = 3000
INI

# Runs the tiny datagen of game $1 with $2 threads into $T/$1-$2 (every run goes to $T/r first,
# so that the paths the files name agree).
tiny() {
    run "$CFG" --set run.results_dir="$T/r" --set run.variant="$1" --set run.threads="$2"
    mv "$T/r/d" "$T/$1-$2"
}

for game in maxima martian; do
    tiny $game 2
    D=$T/$game-2
    check "$game: a tiny run finishes (exit 0) with its files" eval \
        '[ $RC -eq 0 ] && (for f in positions.bin scores.csv timing.json report.md report.html summary.json; do [ -s $D/$f ] || exit 1; done)'
    check "$game: the page names positions.bin but does not link it (not committed: a fresh clone's page opens whole)" eval \
        'grep -q "positions.bin (not linked" $D/report.html && ! grep -q "href=\"positions.bin\"" $D/report.html'
    check "$game: positions.bin is well formed and holds summary.json's records" \
        python3 "$PACKED" "$D/positions.bin" "$D/summary.json" "$game"
    check "$game: the filters and the kept positions add up to the positions" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
d = s["datagen"]
dropped = sum(d[k] for k in ("dropped_opening", "dropped_decided", "dropped_score", "dropped_check", "dropped_capture"))
assert d["positions"] == d["plies"] and dropped + d["kept"] == d["positions"], d
assert s["records"] == d["kept"] == sum(d["position_results"]) > 0, s
assert d["dropped_opening"] == 6 * 4 and d["kept_in_check"] == d["kept_capture"] == 0, d
' "$D/summary.json"
    check "$game: scores.csv counts the kept positions" eval \
        '[ "$(awk -F, "NR > 1 {n += \$3} END {print n}" $D/scores.csv)" = "$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[\"records\"])" $D/summary.json)" ]'
    tiny $game 1
    check "$game: one thread gives the positions.bin of two" same "$D/positions.bin" "$T/$game-1/positions.bin"
    check "$game: ... and the other files" same_folders "$D" "$T/$game-1"
done
check "the report names the filters and the result shares" eval \
    'has $T/maxima-2/report.md "positions kept**" && has $T/maxima-2/report.md "| side to move in check |" &&
     has $T/martian-2/report.md "a decided game'"'"'s score" && ! has $T/martian-2/report.md "in check |"'

# Keeping what the filters drop: the same games, more positions, flags set.
run "$CFG" --set run.results_dir="$T/k" --set datagen.skip_check=false --set datagen.skip_captures=false
check "skip_check and skip_captures off: the same games, more positions, flags kept" python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))["datagen"]; b = json.load(open(sys.argv[2]))["datagen"]
assert a["plies"] == b["plies"] and b["dropped_check"] == b["dropped_capture"] == 0, b
assert b["kept"] == a["kept"] + a["dropped_check"] + a["dropped_capture"], (a, b)
assert b["kept_in_check"] == a["dropped_check"] and b["kept_capture"] >= a["dropped_capture"] > 0, (a, b)
' "$T/maxima-2/summary.json" "$T/k/d/summary.json"

# Interrupted after a few games, then resumed with two threads: the bytes of a run in one go.
LONG=(--set datagen.games=24 --set engine_a.nodes=1500 --set datagen.pgn=true)
"$BIN" run "$CFG" "${LONG[@]}" --set run.results_dir="$T/r" --set run.threads=1 >"$T/out1" 2>"$T/err1" &
BG=$!
wait_records "$T/r/d" 3
kill -INT "$BG" 2>/dev/null
wait "$BG"
RC1=$?
BG=""
RECORDS=$(($(wc -l <"$T/r/d/checkpoint.journal") - 1))
run "$CFG" "${LONG[@]}" --set run.results_dir="$T/r"
RC2=$RC
cp "$T/err" "$T/err2"
mv "$T/r/d" "$T/resumed"
run "$CFG" "${LONG[@]}" --set run.results_dir="$T/r"
mv "$T/r/d" "$T/once"
check "an interrupted run ($RECORDS games saved) resumes to the positions.bin of a run in one go" eval \
    '[ $RC1 -eq 130 ] && [ $RECORDS -ge 1 ] && [ $RC2 -eq 0 ] && [ $RC -eq 0 ] &&
     same $T/resumed/positions.bin $T/once/positions.bin &&
     has $T/err2 "datagen: resuming: $RECORDS games already played"'
check "... and its other files" same_folders "$T/resumed" "$T/once"
check "timing.json counts the resumed games apart" python3 -c '
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
assert a["resumed_games"] == int(sys.argv[3]) and a["games_played_now"] == 24 - a["resumed_games"], a
assert b["resumed_games"] == 0 and b["games_played_now"] == 24 and b["positions_per_second"] > 0, b
' "$T/resumed/timing.json" "$T/once/timing.json" "$RECORDS"

bad_key max_score 0 '[datagen] max_score'
check "the bad max_score is one line" eval '[ "$(wc -l <$T/err)" -eq 1 ]'

echo "$NAME: $failures failed ($((SECONDS - start)) s)"
[ "$failures" -eq 0 ]
