#!/usr/bin/env bash
# tournament_cli.sh: the tournament job. A round robin of four players (three in-process, one an
# external `maxtune uci` process) finishes with its files; 1 and 2 threads write the same
# games and figures; kill -9 and SIGINT + resume give the same files; the joint ratings equal
# those of `maxtune ratings` on its games.pgn, and the crosstable the points in it; a gauntlet
# pairs [engine_a] with every other player; bad tournament configs are refused with file:line.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN, the program (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=tournament_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/t.ini
V1=$PWD/configs/v1.weights
tournament_ini "$CFG" 6 v1-300 mat:material:400 "v1-300:$V1:300" "v1-200:$V1:200"
cat >>"$CFG" <<INI

[engine_d]
name = ext-250
command = $BIN uci
options = Hash=1, Weights=$V1
nodes = 250
INI
FILES="games.pgn pairings.csv ratings.csv summary.json report.md"
# True when run folders $1 and $2 hold the same reproducible files.
same_run() {
    local f
    for f in $FILES; do same "$1/$f" "$2/$f" || return 1; done
}

run "$CFG" --set run.results_dir="$T/a"
A=$T/a/t
check "a round robin of 4 players finishes: exit 0, 6 pairings, 72 games" eval \
    '[ $RC -eq 0 ] && has $A/summary.json "\"pairings\": 6," && has $A/summary.json "\"games\": 72," &&
     [ "$(grep -c "^\[Result" $A/games.pgn)" -eq 72 ]'
check "its files: report.md with the rating table and crosstable, report.html, ratings.png" eval \
    'has $A/report.md "## Joint ratings" && has $A/report.md "## Crosstable" &&
     [ -s $A/report.html ] && [ -s $A/ratings.png ] && [ "$(wc -l <$A/ratings.csv)" -eq 5 ]'
check "config.ini keeps the players and [tournament]; a match's has neither" eval \
    'has $A/config.ini "[engine_d]" && has $A/config.ini "[tournament]" &&
     ! has $A/config.ini "[engine_e]"'
check "its games replay cleanly" eval '"$BIN" replay $A/games.pgn >/dev/null 2>&1'

run "$CFG" --set run.results_dir="$T/b" --set run.threads=1
check "1 thread: the same games, ratings, crosstable and summary as 2 threads" \
    same_run "$T/b/t" "$A"

# The joint ratings against `maxtune ratings` on the games (the same fit from the PGN).
"$BIN" ratings --anchor v1-300 --elo 1000 "$A/games.pgn" >"$T/ratings" 2>&1
agree() {
    local p e r
    while IFS=, read -r _ p e _ _ r _ _; do
        [ "$p" = player ] && continue
        awk -v p="$p" -v e="$e" -v r="$r" 'function near(x, y) {return x - y <= 0.06 &&
            y - x <= 0.06} $2 == p {ok = near($3, e) && near($4, r)} END {exit !ok}' \
            "$T/ratings" || return 1
    done <"$A/ratings.csv"
}
check "the ratings and intervals equal those of maxtune ratings on games.pgn (to 0.05)" agree
# Points of each pairing's first player counted from the PGN, against pairings.csv.
pgn_scores "$A/games.pgn" | awk -F, '{w = $1; b = $2; s = $3
    if ((w, b) in first) pts[w, b] += s; else if ((b, w) in first) pts[b, w] += 1 - s
    else { first[w, b] = 1; order[++n] = w SUBSEP b; pts[w, b] += s } }
    END {for (i = 1; i <= n; i++) {split(order[i], p, SUBSEP); print p[1] "," p[2] "," pts[order[i]]}}' |
    sort >"$T/pgn_points"
awk -F, 'NR > 1 {print $1 "," $2 "," $4 + $6 / 2}' "$A/pairings.csv" | sort >"$T/csv_points"
check "the crosstable's points are those of the games in games.pgn" eval \
    '[ -s $T/pgn_points ] && same $T/pgn_points $T/csv_points'
check "report.md's crosstable: v1-300's row against mat holds its points" eval \
    'has $A/report.md "$(awk -F, "\$1 == \"mat\" && \$2 == \"v1-300\" {print 12 - (\$4 + \$6 / 2) \"/12\"}" $A/pairings.csv)"'

# kill -9 in the middle, then resume: the same files as the run in one go.
"$BIN" run "$CFG" --set run.results_dir="$T/k" >/dev/null 2>&1 &
BG=$!
if wait_records "$T/k/t" 20; then
    kill -9 "$BG"
    wait "$BG" 2>/dev/null
    BG=""
    run "$CFG" --set run.results_dir="$T/k"
    check "kill -9 + resume: exit 0, the same files as one run" eval \
        '[ $RC -eq 0 ] && has $T/err "resuming" && same_run $T/k/t $A'
else
    echo "FAIL kill -9: the run finished or failed before 20 pairs were saved"
    failures=$((failures + 1))
fi
"$BIN" run "$CFG" --set run.results_dir="$T/i" >/dev/null 2>"$T/ierr" &
BG=$!
if wait_records "$T/i/t" 10; then
    kill -INT "$BG"
    wait "$BG"
    rc=$?
    BG=""
    run "$CFG" --set run.results_dir="$T/i"
    check "SIGINT: exit 130; resume: the same files as one run" eval \
        '[ $rc -eq 130 ] && [ $RC -eq 0 ] && same_run $T/i/t $A'
else
    echo "FAIL SIGINT: the run finished or failed before 10 pairs were saved"
    failures=$((failures + 1))
fi

run "$CFG" --set run.results_dir="$T/g" --set tournament.format=gauntlet --set tournament.pairs=2
check "a gauntlet: mat meets each of the 3 others, 12 games" eval \
    '[ $RC -eq 0 ] && has $T/g/t/summary.json "\"pairings\": 3," &&
     [ "$(awk -F, "NR > 1 && \$1 == \"mat\"" $T/g/t/pairings.csv | wc -l)" -eq 3 ]'

# Bad configs: file:line and exit 2.
bad() { # bad NAME LINE TEXT: the config $T/bad.ini is refused at line LINE with TEXT
    local want="bad.ini:$2: $3"
    run "$T/bad.ini"
    check "$1" eval '[ $RC -eq 2 ] && has $T/err "$want"'
}
printf '[run]\njob = tournament\nname = x\n[engine_a]\n[engine_b]\n[engine_d]\nnodes = 5\n' \
    >"$T/bad.ini"
bad "[engine_d] without [engine_c]: refused at its header" 6 "[engine_d] without [engine_c]"
printf '[run]\njob = tournament\nname = x\n[engine_c]\nname = A\n' >"$T/bad.ini"
bad "two players of one name: refused at the name" 5 "[engine_c] name = A is [engine_a]'s name too"
printf '[run]\njob = tournament\nname = x\n[tournament]\nanchor = Z\n' >"$T/bad.ini"
bad "an anchor that is no player: refused at the key" 5 "[tournament] anchor = Z is not the name of a player"
printf '[run]\njob = match\nname = x\n[engine_c]\nnodes = 5\n' >"$T/bad.ini"
bad "[engine_c] in a match: refused at its header" 4 "[engine_c] is for job = tournament only"
printf '[run]\njob = match\nname = x\n\n[tournament]\n' >"$T/bad.ini"
bad "[tournament] in a match: refused at its header" 5 "[tournament] is for job = tournament only"
printf '[run]\njob = tournament\nname = x\n[match]\nsprt = true\n' >"$T/bad.ini"
bad "a tournament with SPRT: refused at the key" 5 "[match] sprt: a tournament plays all its pairs"
printf '[run]\njob = tournament\nname = x\n[tournament]\nformat = swiss\n' >"$T/bad.ini"
bad "an unknown format: refused at the key" 5 "[tournament] format = swiss is not allowed"

echo "tournament_cli: $((SECONDS - start)) s"
exit $((failures > 0))
