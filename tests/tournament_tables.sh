#!/usr/bin/env bash
# tournament_tables.sh: a tournament's tables read against its games. A round robin of three
# players: every cell of report.md's crosstable (row against column, both players of every
# pairing) holds the row player's points and games counted from games.pgn, and each row's total
# their sum; each pairing of summary.json holds player_a's wins, losses and draws counted from
# games.pgn, and the Elo of that score with its 95% half-width as cutechess prints them:
# fishtest's trinomial interval on the per-game scores (zero counts made 0.001, scores clamped
# to [0.001, 0.999]) mapped through the Elo formula, computed here. Prints one "PASS name" or
# "FAIL name" line per check; exits 1 if any failed. Environment: BIN (default bin/maxtune).
set -u
NAME=tournament_tables
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/t.ini
V1=$PWD/configs/v1.weights
tournament_ini "$CFG" 4 v1-300 mat:material:300 "v1-300:$V1:300" "v1-150:$V1:150"
run "$CFG" --set run.results_dir="$T/r"
D=$T/r/t
check "a round robin of 3 players finishes (exit 0)" eval '[ $RC -eq 0 ] && [ -f $D/report.md ]'

# Each ordered pair of players "row,column,points,games" from games.pgn, both orders.
pgn_scores "$D/games.pgn" | awk -F, '{
    pts[$1 "," $2] += $3; pts[$2 "," $1] += 1 - $3; n[$1 "," $2]++; n[$2 "," $1]++ }
    END {for (k in pts) printf "%s,%g,%d\n", k, pts[k], n[k]}' | sort >"$T/pgn"
# The same from report.md's crosstable, with each row's total as "row,total,points,games".
awk -F'|' '/^## Crosstable/ {on = 1} on && /^## Pairings/ {on = 0}
    on && /^\| \|/ {for (i = 3; i < NF - 1; i++) {c = $i; gsub(/ /, "", c); col[i] = c}}
    on && /^\| \*\*/ {r = $2; gsub(/[ *]/, "", r)
        for (i = 3; i < NF; i++) {v = $i; gsub(/ /, "", v); if (v == "x" || v == "") continue
            split(v, p, "/"); name = i < NF - 1 ? col[i] : "total"
            printf "%s,%s,%g,%d\n", r, name, p[1], p[2]}}' "$D/report.md" | sort >"$T/cross"
grep -v ',total,' "$T/cross" >"$T/cells"
check "crosstable: every cell, both players of every pairing, as counted from games.pgn" eval \
    '[ "$(wc -l <$T/pgn)" -eq 6 ] && same $T/pgn $T/cells'
same "$T/pgn" "$T/cells" || diff "$T/pgn" "$T/cells" | head -6
awk -F, '{p[$1] += $3; g[$1] += $4} END {for (r in p) printf "%s,total,%g,%d\n", r, p[r], g[r]}' \
    "$T/pgn" | sort >"$T/totals"
check "crosstable: each row's total is the sum of its cells" eval \
    'same $T/totals <(grep ",total," $T/cross)'

# summary.json's pairings against games.pgn: W/D/L of player_a, Elo and its 95% half-width.
pairing_errors() {
    awk -F'"' '
    function elo(s) { s = s < 0.001 ? 0.001 : s > 0.999 ? 0.999 : s; return -400 * log(1 / s - 1) / log(10) }
    function num(line, key,   m) { m = line; sub(".*\"" key "\": ", "", m); sub(/[,}].*/, "", m); return m + 0 }
    FNR == NR { if (/^\[White /) w = $2; if (/^\[Black /) b = $2
        if (/^\[Result /) { r = $2; win[w, b] += r == "1-0"; win[b, w] += r == "0-1"
            draw[w, b] += r == "1/2-1/2"; draw[b, w] += r == "1/2-1/2" }
        next }
    /"player_a"/ {
        a = $4; b = $8
        W = win[a, b]; L = win[b, a]; Dr = draw[a, b]; n = W + L + Dr
        if (num($0, "wins") != W || num($0, "losses") != L || num($0, "draws") != Dr) {
            print a " vs " b ": W-L-D " num($0, "wins") "-" num($0, "losses") "-" num($0, "draws") ", games.pgn says " W "-" L "-" Dr; failed = 1; exit }
        cl = L ? L : 0.001; cd = Dr ? Dr : 0.001; cw = W ? W : 0.001; t = cl + cd + cw
        mu = (cd * 0.5 + cw) / t
        var = (cl * mu ^ 2 + cd * (0.5 - mu) ^ 2 + cw * (1 - mu) ^ 2) / t
        width = 2 * 1.959963984540054 * sqrt(var / t)
        lo = mu - width / 2; hi = mu + width / 2
        if (lo >= 0.999) lo = 0.999 - width
        if (hi <= 0.001) hi = 0.001 + width
        e = elo(mu); err = (elo(hi) - elo(lo)) / 2
        if ((num($0, "elo") - e) ^ 2 > 0.0001 || (num($0, "elo_error95") - err) ^ 2 > 0.0001) {
            printf "%s vs %s (%d-%d-%d): elo %s +/- %s, want %.2f +/- %.2f\n", a, b, W, L, Dr, num($0, "elo"), num($0, "elo_error95"), e, err; failed = 1; exit }
        seen++ }
    END { if (!failed && seen != 3) print "saw " seen + 0 " pairings, want 3" }' "$D/games.pgn" "$D/summary.json"
}
err=$(pairing_errors)
check "summary.json pairings: player_a's W-L-D, Elo and elo_error95 (trinomial) from games.pgn${err:+ ($err)}" \
    [ -z "$err" ]

echo "tournament_tables: $((SECONDS - start)) s"
exit $((failures > 0))
