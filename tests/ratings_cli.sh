#!/usr/bin/env bash
# ratings_cli.sh: `maxtune ratings`, joint ratings of the players of several matches' games.
# Checks the two-player case against the Elo of the match's score, a three-player tournament
# made of three matches (games counted, anchoring, differences independent of the anchor), the
# refusal of a perfect score and its virtual-draw prior, and bad arguments.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN, the program (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=ratings_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/m.ini
cat >"$CFG" <<'INI'
[run]
job = match
name = m
seed = 3
threads = 2

[engine_a]
hash_mb = 1

[engine_b]
hash_mb = 1

[match]
pairs = 8
INI
# match X Y: players pX and pY searching X and Y nodes a move, into $T/X-Y/m.
match() {
    run "$CFG" --set run.results_dir="$T/$1-$2" --set engine_a.name="p$1" \
        --set engine_a.nodes="$1" --set engine_b.name="p$2" --set engine_b.nodes="$2"
}
match 300 400
match 400 600
match 300 600
# The rating of player $2 in output file $1.
elo() { awk -v p="$2" '$2 == p {print $3}' "$1"; }

"$BIN" ratings "$T/300-400/m/games.pgn" >"$T/two" 2>&1
want=$(awk -F': ' '/"score"/ {s = $2 + 0; printf "%.1f", -400 * log(s / (1 - s)) / log(10)}' \
    "$T/300-400/m/summary.json")
check "two players: p400's rating is the Elo of the match's score ($want)" eval \
    '[ -n "$want" ] && [ "$(elo $T/two p400)" = "$want" ] && [ "$(elo $T/two p300)" = "0.0" ]'

P="$T/300-400/m/games.pgn $T/400-600/m/games.pgn $T/300-600/m/games.pgn"
# shellcheck disable=SC2086
"$BIN" ratings $P >"$T/three" 2>&1
rc=$?
check "three matches: 3 players ranked, 48 games, 32 games each" eval \
    '[ $rc -eq 0 ] && has $T/three "ratings of 3 players from 48 games; anchor p300 at 0" &&
     [ "$(awk "NR > 2 && \$5 == 32" $T/three | wc -l)" -eq 3 ]'
# shellcheck disable=SC2086
"$BIN" ratings --anchor p400 --elo 1500 $P >"$T/anchored" 2>&1
check "--anchor p400 --elo 1500: p400 at 1500.0 +/- 0.0" eval \
    'awk "\$2 == \"p400\" && \$3 == \"1500.0\" && \$4 == \"0.0\"" $T/anchored | grep -q .'
d1=$(awk -v a="$(elo "$T/three" p600)" -v b="$(elo "$T/three" p300)" 'BEGIN {print a - b}')
d2=$(awk -v a="$(elo "$T/anchored" p600)" -v b="$(elo "$T/anchored" p300)" 'BEGIN {print a - b}')
check "the difference p600 - p300 does not depend on the anchor ($d1, $d2)" eval \
    '[ -n "$(elo $T/three p600)" ] && [ "$(elo $T/anchored p600)" != "$(elo $T/three p600)" ] &&
     awk -v x="$d1" -v y="$d2" "BEGIN {exit !(x - y < 0.15 && y - x < 0.15)}"'

# A player who lost every game (Y: X beat it, Z beat it, X and Z drew) has no finite rating: refused, unless virtual draws are added.
for r in 1-0 1-0 1/2-1/2; do
    w=X b=Y
    [ "$r" = 1/2-1/2 ] && w=X b=Z
    [ "$r" = 1-0 ] && [ -s "$T/lost.pgn" ] && w=Z b=Y
    printf '[Event "e"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n\n1. a1-a2 %s\n\n' \
        "$w" "$b" "$r" "$r" >>"$T/lost.pgn"
done
"$BIN" ratings "$T/lost.pgn" >"$T/out" 2>"$T/err"
rc=$?
check "a player who lost every game: exit 1, named" eval \
    '[ $rc -eq 1 ] && has $T/err "player 2 lost every game"'
"$BIN" ratings --draws 1 "$T/lost.pgn" >"$T/out" 2>"$T/err"
rc=$?
check "--draws 1: finite ratings, Y last" eval \
    '[ $rc -eq 0 ] && [ "$(tail -1 $T/out | awk "{print \$2}")" = Y ]'
"$BIN" ratings --anchor nobody "$T/lost.pgn" >"$T/out" 2>"$T/err"
rc=$?
check "an unknown anchor: exit 2" eval '[ $rc -eq 2 ] && has $T/err "no such player"'
printf '[Event "e"]\n[White "X"]\n[Result "1-0"]\n\n1. a1-a2 1-0\n' >"$T/noblack.pgn"
"$BIN" ratings "$T/noblack.pgn" >"$T/out" 2>"$T/err"; rc=$?
check "a game without a Black player: refused with file:line" eval \
    '[ $rc -eq 2 ] && has $T/err "noblack.pgn:5: a game without two players ends with 1-0"'
printf '[Event "e"]\n[White "X"]\n[Black "Y"]\n\n1. a1-a2 {never closed\n' >"$T/open.pgn"
"$BIN" ratings "$T/open.pgn" >"$T/out" 2>"$T/err"; rc=$?
check "an unterminated comment: refused with file:line" eval \
    '[ $rc -eq 2 ] && has $T/err "open.pgn:5: unterminated {comment}"'
"$BIN" ratings "$T/missing.pgn" >"$T/out" 2>"$T/err"
rc=$?
check "a missing file: exit 2, named" eval '[ $rc -eq 2 ] && has $T/err "missing.pgn"'

echo "ratings_cli: $((SECONDS - start)) s"
exit $((failures > 0))
