#!/usr/bin/env bash
# edge_cli.sh: the edge job ([run] job = edge). A tiny Martian Chess run (100 and 300 nodes, 40
# games each) and a tiny Maxima one finish with their parts (<game>-<nodes>/games.pgn) and
# files; summary.json's figures add up (W+D+L = games, the terminations' shares sum to 1, each
# score inside its interval and equal to its W-D-L, the margins, clock calls and no-undo counts
# consistent, the wins and the lengths as the parts' PGN says, the clock calls by the caller's
# standing, the merges, the margins and the trend's slope re-derived from the games replayed:
# tests/lib/edge_figures.py); one
# thread gives the files of two; a run interrupted in its second part and resumed gives the
# files of a run in one go; [edge] nodes = abc is refused with one line naming file and line.
# The page draws the first player's score by strength (edge.csv, with the 50% line) and the
# endings' shares (endings_share.csv), and its headline is the score in words.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=edge_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
FIGURES=$(dirname "$0")/lib/edge_figures.py

CFG=$T/e.ini
cat >"$CFG" <<'INI'
[run]
job = edge
name = e
seed = 5
threads = 2
variant = martian

[engine_a]
hash_mb = 1

[engine_b]
hash_mb = 1

[match]
opening_plies = 4

[edge]
nodes = 100, 300
games = 40
INI

# Every run goes to $T/r (so that the paths the files name agree) and is moved aside after.
run "$CFG" --set run.results_dir="$T/r"
mv "$T/r/e" "$T/a"
E=$T/a
check "a tiny Martian edge run finishes (exit 0) with its 2 parts and every file" eval \
    '[ $RC -eq 0 ] && [ -s $E/martian-100/games.pgn ] && [ -s $E/martian-300/games.pgn ] &&
     (for f in edge.csv endings.csv margins.csv zoned.csv report.md report.html summary.json; do [ -s $E/$f ] || exit 1; done)'
check "Martian summary.json adds up and agrees with the parts' PGN and the CSV files" \
    python3 "$FIGURES" "$E" martian 40
check "the report states the trend and the Martian sections" eval \
    'has $E/report.md "**The first player'"'"'s edge " && has $E/report.md "## Who calls the clock" &&
     has $E/report.md "## The no-undo rule" && has $E/report.md "| 300 | 40 |"'
check "the page draws the score by strength and the endings, and its headline is the score in words" eval \
    'has $E/report.md "![South'"'"'s score by strength](edge.png)" && has $E/report.md "](endings.png)" &&
     grep -qE "^\*\*South \(moving first\) scores [0-9.]+% \[[0-9.]+, [0-9.]+\] at 300 nodes \([+-][0-9]+ Elo\)\.\*\*$" $E/report.md &&
     has $E/report.html "data-key=\"headline\"" && has $E/report.html "\"csv\":\"edge.csv\"" &&
     has $E/report.html "\"yref_label\":\"50%: no edge\"" && has $E/report.html "\"csv\":\"endings_share.csv\"" &&
     [ -s $E/edge.png ] && [ -s $E/endings.png ]'

run "$CFG" --set run.results_dir="$T/r" --set run.threads=1
mv "$T/r/e" "$T/b"
check "one thread gives the files of two" eval '[ $RC -eq 0 ] && same_folders $E $T/b'

# Interrupted in its second part, then resumed: the files of a run in one go.
"$BIN" run "$CFG" --set run.results_dir="$T/r" --set edge.games=300 >"$T/out" 2>"$T/err" &
BG=$!
for ((i = 0; i < 3000; i++)); do
    [ -f "$T/r/e/martian-300/checkpoint.journal" ] && break
    kill -0 "$BG" 2>/dev/null || break
    sleep 0.02
done
kill -INT "$BG" 2>/dev/null
wait "$BG"
RC1=$?
BG=""
PART_DONE=$([ -e "$T/r/e/martian-300/summary.json" ] && echo yes || echo no)
run "$CFG" --set run.results_dir="$T/r" --set edge.games=300
RC2=$RC
mv "$T/r/e" "$T/c"
run "$CFG" --set run.results_dir="$T/r" --set edge.games=300
mv "$T/r/e" "$T/d"
check "an interrupted run (stopped in its second part) resumes to the files of a run in one go" eval \
    '[ $RC1 -ne 0 ] && [ $PART_DONE = no ] && [ $RC2 -eq 0 ] && [ $RC -eq 0 ] && same_folders $T/c $T/d'

run "$CFG" --set run.results_dir="$T/m" --set run.variant=maxima --set edge.games=20
M=$T/m/e
check "a tiny Maxima edge run finishes without the zoned files" eval \
    '[ $RC -eq 0 ] && [ -s $M/maxima-300/games.pgn ] && [ -s $M/edge.csv ] && [ ! -e $M/zoned.csv ] &&
     ! has $M/report.md "## Merges"'
check "Maxima summary.json adds up and agrees with the parts' PGN" python3 "$FIGURES" "$M" maxima 20

bad_key nodes abc '[edge] nodes = abc: "abc": expected nodes per move'
check "the bad nodes list is one line" eval '[ "$(wc -l <$T/err)" -eq 1 ]'
bad_key nodes 300 'at least 2 depths'

echo "$NAME: $failures failed ($((SECONDS - start)) s)"
[ "$failures" -eq 0 ]
