#!/usr/bin/env bash
# martian4_jobs.sh: every job plays four-player Martian Chess ([run] variant = martian4). Tiny
# runs of match, tournament, selfplay, fit (its material and all of @eval), spsa, values,
# pipeline and edge finish (exit 0) and say the right things: report.md names Martian Chess
# (four players) and how it ends (docs/rules/martian.md 10.8; no stalemate, no checkmate), summary.json
# "variant": "martian4"; the games carry the Variant tag "Martian Chess (four players)", as many
# as summary.json counts, and `maxtune replay` finds every move legal and every ending and result
# as the rules say (no checkmate, stalemate, bare king or invasion); every random opening is a
# four-player FEN (docs/rules/martian.md 10.9: 8 rows of 8 cells, player 1 to move after 4 plies, the two
# team scores, the clock not called, no quadrant empty, pips on the board plus the scores 72);
# a book of four-player FENs is played and a two-player Martian FEN in it refused with its
# file:line; a match extended from 4 pairs to 6 writes the files of 6 pairs at once; self-play
# counts team 1+3's results; fit and spsa tune the four-player weights only, written as the
# four-player weights file that `maxtune weights --variant martian4` reads back to the same
# values (and Maxima's reader refuses); piece values are in points of score (the pawn measured
# too, the official points 1/2/3 beside them, finite Elo figures), each handicap pair removes a
# piece of its type from team 1+3's quadrants in one game and team 2+4's in the other, each
# calibration pair gives each team the point once; the pipeline's stages all play the
# four-player game; the edge job counts the captures of a partner's piece (and the taker's
# team's results) as its games.pgn shows them, and no move removed by the two-player no-undo
# rule (nor a section on it), cut games scored by the points; a player with [engine_b]
# partner_captures = false takes no partner's piece while the other does (refused, exit 2, in
# the two-player game and for an external engine); a Maxima piece type in [values] types is
# refused with one line, exit 2, no folder.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=martian4_jobs
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/m.ini
cat >"$CFG" <<'INI'
[run]
job = match
variant = martian4
name = m
seed = 3
threads = 2

[engine_a]
nodes = 300
hash_mb = 1

[engine_b]
nodes = 300
hash_mb = 1
weights = start

[match]
pairs = 6
opening_plies = 4

[selfplay]
games = 40

[fit]
verify_pairs = 1
validation = 0

[spsa]
iterations = 4
batch = 2
verify_pairs = 1

[values]
pairs = 4
calibration_pairs = 4
pgn = true

[pipeline]
fit_params = @material
gate_nodes = 300
gate_pairs = 1
INI
# True when run folder $1 names four-player Martian Chess and how it ends in report.md (the
# Game: line of results/martian4-gate/report.md), and the game in summary.json.
names_game() {
    has "$1/report.md" "Game: **Martian Chess (four players)** (rules: docs/rules/martian.md; no King: captures score points" &&
        has "$1/report.md" "the game ends when a player's quadrant is empty or a called clock runs out (7 moves without a capture), and the higher score wins, docs/rules/martian.md 10.8)." &&
        ! grep -qi "stalemate\|checkmate" "$1/report.md" && has "$1/summary.json" '"variant": "martian4",'
}
# True when PGN file $1 holds $2 games, each tagged as four-player Martian Chess, that `maxtune
# replay` finds legal and ended by the rules (or a match rule), none by a chess or Maxima ending.
games4() {
    [ "$(grep -c '^\[Variant "Martian Chess (four players)"\]' "$1")" = "$2" ] &&
        [ "$(grep -c '^\[Variant ' "$1")" = "$2" ] &&
        [ "$("$BIN" replay "$1" 2>&1)" = "replayed $2 games, 0 errors" ] &&
        ! grep -q "checkmate\|stalemate\|bare king\|invasion" "$1"
}
# True when weights file $1 is a weights file of four-player Martian Chess that maxtune reads
# as one (`weights --variant martian4` prints the values the file holds) and Maxima's reader
# refuses.
martian4_weights() {
    has "$1" "# maxtune weights file for Martian Chess (four players):" &&
        ! grep -qE "^(pincer|mage|guard|king|palace_|coordinator|frozen)" "$1" &&
        "$BIN" weights --variant martian4 "$1" >"$T/w.out" 2>&1 &&
        [ "$(grep -c '=' "$T/w.out")" -gt 80 ] &&
        [ "$(grep -v '^#' "$1" | grep '=')" = "$(grep -v '^#' "$T/w.out" | grep '=')" ] &&
        ! "$BIN" weights "$1" >/dev/null 2>&1
}
# Prints the FEN of every game of PGN file $1, one a line.
fens() { sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$1"; }
# True when every FEN of PGN file $1 is a four-player Martian FEN (docs/rules/martian.md 10.9): 5 fields,
# 8 rows of 8 cells of P, D, Q and runs of empty squares, player 1 to move (4 plies: a full
# round), two team scores, the clock not called ("-"), no quadrant empty, and the pips on the
# board plus both scores 72 (a position reached from the start).
fens4() {
    fens "$1" | awk '
        function pip(c) { return c == "P" ? 1 : c == "D" ? 2 : c == "Q" ? 3 : 0 }
        { n++
          if (NF != 5 || $2 != "1" || $3 !~ /^[0-9]+$/ || $4 !~ /^[0-9]+$/ || $5 != "-" ||
              split($1, rows, "/") != 8) { bad = 1; next }
          q1 = q2 = q3 = q4 = pips = 0
          for (r = 1; r <= 8; r++) {
              file = 0
              for (i = 1; i <= length(rows[r]); i++) {
                  c = substr(rows[r], i, 1)
                  if (c ~ /[1-8]/) { file += c; continue }
                  if (c !~ /[PDQ]/) { bad = 1; continue }
                  file++; pips += pip(c)
                  if (file <= 4) { if (r >= 5) q1++; else q2++ } else { if (r <= 4) q3++; else q4++ } }
              if (file != 8) bad = 1 }
          if (!q1 || !q2 || !q3 || !q4 || pips + $3 + $4 != 72) bad = 1 }
        END { exit bad || n == 0 }'
}
# Prints "C P D Q B" for the games of handicap.pgn $2, a pair (games 1 and 2) at a time: C pairs
# of the calibration at $1 points (the same board; where the full side plays team 1+3, team
# 1+3 has $1 points more and team 2+4 $1 fewer than where the handicapped side does), P, D and
# Q handicap pairs of a pawn, a drone and a queen (the same scores; the boards differ in two
# squares only: where the handicapped side plays team 1+3, a piece of that type missing from
# quadrant 1 or 3, in the other game one of that type from quadrant 2 or 4), B other pairs.
pair_kinds() {
    awk -v k="$1" '
        function quad(i,   file, rank) {
            file = (i - 1) % 8 + 1; rank = 8 - int((i - 1) / 8)
            return file <= 4 ? (rank <= 4 ? 1 : 2) : (rank >= 5 ? 3 : 4) }
        function expand(board,   out, i, c) {
            out = ""
            for (i = 1; i <= length(board); i++) {
                c = substr(board, i, 1)
                if (c ~ /[1-8]/) out = out substr("........", 1, c); else if (c != "/") out = out c }
            return out }
        /^\[White / { split($0, t, "\""); white[++g] = t[2] }
        /^\[FEN / { split($0, t, "\""); fen[g] = t[2] }
        END {
            for (p = 1; p + 1 <= g; p += 2) {
                if (white[p] == "handicapped" && white[p + 1] == "full") { h = p; f = p + 1 }
                else if (white[p] == "full" && white[p + 1] == "handicapped") { h = p + 1; f = p }
                else { bad++; continue }
                if (split(fen[h], a, " ") != 5 || split(fen[f], b, " ") != 5) { bad++; continue }
                A = expand(a[1]); B = expand(b[1])
                if (A == B) { if (b[3] - a[3] == k && a[4] - b[4] == k) c++; else bad++; continue }
                if (a[3] != b[3] || a[4] != b[4] || length(A) != 64 || length(B) != 64) { bad++; continue }
                x = y = diffs = 0
                for (i = 1; i <= 64; i++)
                    if (substr(A, i, 1) != substr(B, i, 1)) {
                        diffs++
                        if (substr(A, i, 1) == ".") x = i; else if (substr(B, i, 1) == ".") y = i }
                if (diffs != 2 || !x || !y || quad(x) % 2 != 1 || quad(y) % 2 != 0 ||
                    substr(B, x, 1) != substr(A, y, 1)) { bad++; continue }
                n[substr(B, x, 1)]++ }
            print c + 0, n["P"] + 0, n["D"] + 0, n["Q"] + 0, bad + g % 2 }' "$2"
}
# Prints "captures games wins draws losses" of the captures of a piece standing in the mover's
# partner's quadrant (docs/rules/martian.md 10.5) in the games of PGN file $1, counted from the moves: the
# mover of each ply from the FEN's side to move in turn order 1, 2, 3, 4, the captured square's
# quadrant from its name (1 a1-d4, 2 a5-d8, 3 e5-h8, 4 e1-h4), the partner's quadrant two on;
# games: those with one; wins, draws, losses: the taker's team's result, once per capture. With
# $2, only the captures of the player of that name (its White tag plays team 1+3).
partner_captures() {
    awk -v who="${2:-}" '
        function flush(   i, n, tok, ply, mover, sq, f, r, q, had) {
            gsub(/\{[^}]*\}/, " ", moves); n = split(moves, tok, " "); ply = had = 0
            for (i = 1; i <= n; i++) {
                if (tok[i] ~ /^[0-9]+\.$/ || tok[i] ~ /^(1-0|0-1|1\/2-1\/2|\*)$/) continue
                mover = (side - 1 + ply) % 4 + 1; ply++
                if (tok[i] !~ /x/) continue
                sq = substr(tok[i], index(tok[i], "x") + 1, 2)
                f = index("abcdefgh", substr(sq, 1, 1)); r = substr(sq, 2, 1) + 0
                q = f <= 4 ? (r <= 4 ? 1 : 2) : (r >= 5 ? 3 : 4)
                if (q != (mover + 1) % 4 + 1) continue
                if (who != "" && (mover % 2 == 1 ? white : black) != who) continue
                caps++; had = 1
                if (result == "1/2-1/2") d++; else if ((result == "1-0") == (mover % 2 == 1)) w++; else l++ }
            games += had; moves = "" }
        /^\[Event / { flush() }
        /^\[Result / { split($0, t, "\""); result = t[2] }
        /^\[FEN / { split($0, t, "\""); split(t[2], fl, " "); side = fl[2] }
        /^\[White / { split($0, t, "\""); white = t[2] }
        /^\[Black / { split($0, t, "\""); black = t[2] }
        /^\[/ { next }
        { moves = moves " " $0 }
        END { flush(); print caps + 0, games + 0, w + 0, d + 0, l + 0 }' "$1"
}

# --- match ---------------------------------------------------------------------------------------
job match
check "match: a four-player Martian match finishes; the reports name the game and how it ends" eval \
    '[ $RC -eq 0 ] && names_game $D'
check "match: 12 four-player games in games.pgn and summary.json, replayed legal, ended by the rules or a match rule" eval \
    'games4 $D/games.pgn 12 && has $D/summary.json "\"games\": 12,"'
check "openings: every random opening is a four-player FEN (8x8, player 1 to move, two team scores, no clock, 72 pips)" \
    fens4 "$D/games.pgn"
mv "$T/match" "$T/match12"
job match --set match.pairs=4
job match
check "match: extended from 4 pairs to 6, the same files as 6 pairs from the start" eval \
    '[ $RC -eq 0 ] && same_folders $T/match/m $T/match12/m report.html checkpoint.journal'
B1="QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -"
B2="QQ1D1DQQ/QDP1PPDQ/DPP3PD/8/1P4P1/DP4PD/QDP2PDQ/QQD2DQQ 1 0 0 -"
printf '%s\n%s\n' "$B1" "$B2" >"$T/book.fen"
job match --set match.openings="$T/book.fen" --set match.pairs=2 --set run.results_dir="$T/book"
D=$T/book/m
check "openings: a book of four-player FENs: each game starts from one of its lines" eval \
    '[ $RC -eq 0 ] && games4 $D/games.pgn 4 && [ "$(fens $D/games.pgn | sort -u | wc -l)" = 2 ] &&
     fens $D/games.pgn | grep -qxF "$B1" && fens $D/games.pgn | grep -qxF "$B2"'
printf '%s\nQQD1/QDP1/DPP1/4/4/P1PD/P1DQ/1DQQ s 0 0 - -\n' "$B1" >"$T/bad.fen"
run "$CFG" --set match.openings="$T/bad.fen" --set run.results_dir="$T/bad"
check "openings: a two-player Martian FEN in a four-player book: exit 2, its file:line named, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && has $T/err "bad.fen:2: " &&
     has $T/err "Martian Chess (four players) FENs have 8" && [ ! -e $T/bad ]'

# --- a player without partner captures -------------------------------------------------------------
job match --set engine_a.name=partners --set engine_b.name=alone --set engine_b.weights=default \
    --set engine_b.partner_captures=false --set run.results_dir="$T/alone"
D=$T/alone/m
check "partner_captures = false: that player takes no partner's piece, the other does; the report says so" eval \
    '[ $RC -eq 0 ] && games4 $D/games.pgn 12 && [ "$(partner_captures $D/games.pgn alone | cut -d" " -f1)" = 0 ] &&
     [ "$(partner_captures $D/games.pgn partners | cut -d" " -f1)" -gt 0 ] && has $D/report.md "no partner captures"'
run "$CFG" --set run.variant=martian --set run.results_dir="$T/bad" --set engine_b.partner_captures=false
check "partner_captures = false in two-player Martian Chess: exit 2, one line naming it, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/bad ] &&
     has $T/err "partner_captures=false: Martian Chess has no partners (only four-player Martian Chess"'
run "$CFG" --set run.results_dir="$T/bad" --set engine_b.partner_captures=false --set "engine_b.command=$BIN uci"
check "partner_captures = false for an external engine: exit 2, one line naming it, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/bad ] && has $T/err "partner_captures is a setting of the in-process engine"'

# --- tournament ----------------------------------------------------------------------------------
job tournament --set tournament.pairs=3
check "tournament: a four-player Martian round robin finishes: 6 games, the reports name the game" eval \
    '[ $RC -eq 0 ] && names_game $D && games4 $D/games.pgn 6 && has $D/summary.json "\"games\": 6,"'

# --- selfplay ------------------------------------------------------------------------------------
job selfplay
check "selfplay: four-player positions with their traces; team 1+3's results, no mates, in the report" eval \
    '[ $RC -eq 0 ] && names_game $D && [ -s $D/positions.traces ] && has $D/report.md "40 self-play games" &&
     has $D/report.md "): team 1+3 won " && ! has $D/report.md "South" && ! has $D/report.md "mate scores" &&
     has $D/summary.json "\"games\": 40, " &&
     has $D/summary.json "\"terminations\": {\"checkmate\": 0, \"stalemate\": 0, \"bare king\": 0, \"invasion\": 0, "'

# --- fit -----------------------------------------------------------------------------------------
job fit --set fit.params=@material --set selfplay.games=100
check "fit: the material of four-player Martian Chess fitted (pawn, drone, queen by phase), against the points" eval \
    '[ $RC -eq 0 ] && names_game $D &&
     [ "$(cut -d, -f1 $D/fit.csv | tail -n +2 | tr "\n" " ")" = "pawn.mg pawn.eg drone.mg drone.eg queen.mg queen.eg " ] &&
     has $D/report.md ": the ratio to the fitted points with Fieller" && ! grep -qi pincer $D/report.md &&
     martian4_weights $D/fitted.weights'
job fit --set fit.params=@eval --set fit.regularize=10 --set selfplay.games=100 --set run.results_dir="$T/fiteval"
D=$T/fiteval/m
check "fit: @eval of four-player Martian Chess is its own weights only (points, 4x4 piece-square tables)" eval \
    '[ $RC -eq 0 ] && names_game $D && grep -q "^points.mg," $D/fit.csv && grep -q "^pst_rank.queen.4.eg," $D/fit.csv &&
     grep -q "^clock_lead.eg," $D/fit.csv &&
     ! grep -qE "^(pincer|coordinator|mage|guard|king|palace|frozen|pst_file\.[a-z_]*\.[e-h]|pst_rank\.[a-z_]*\.([5-9]|10|0))" $D/fit.csv &&
     martian4_weights $D/fitted.weights'

# --- spsa ----------------------------------------------------------------------------------------
job spsa
check "spsa: the three pieces tuned (and moved); ratios to the points weight, the official points beside them" eval \
    '[ $RC -eq 0 ] && names_game $D && [ "$(head -1 $D/trajectory.csv)" = "iteration,pawn,drone,queen,plus_wins,plus_losses,draws,plus_score" ] &&
     [ "$(sed -n 2p $D/trajectory.csv | cut -d, -f2-4)" != "$(tail -1 $D/trajectory.csv | cut -d, -f2-4)" ] &&
     has $D/report.md "| hand-set (martian4) | points (points) | tuned / tuned point |" &&
     grep -q "^| queen | [0-9]* | [0-9]* | [-+][0-9]* | 300 | 3 | [0-9.]* |$" $D/report.md && martian4_weights $D/tuned.weights'

# --- values --------------------------------------------------------------------------------------
# With the start table: the tuned default's evaluation (a point of score worth 960 centipawns)
# leaves few quiet positions in so few games, too few for the regression.
job values --set engine_a.weights=start
check "values: pawn, drone and queen valued in points (the pawn measured too), points 1/2/3 beside them" eval \
    '[ $RC -eq 0 ] && names_game $D && [ "$(cut -d, -f1 $D/values.csv | tail -n +2 | tr "\n" " ")" = "pawn drone queen " ] &&
     grep -q "^pawn,1,-\?[0-9]" $D/values.csv && ! grep -q "^pawn,1,.*,1.0000,1.0000,1.0000," $D/values.csv &&
     grep -q "^drone,2," $D/values.csv && grep -q "^queen,3," $D/values.csv && has $D/summary.json "\"unit\": \"point\"," &&
     grep -q "^| pawn | 1 | " $D/report.md && grep -q "^| drone | 2 | " $D/report.md && grep -q "^| queen | 3 | " $D/report.md &&
     has $D/report.md "What each Martian Chess (four players) piece is worth, in points" && has $D/report.md "The unit is the point" &&
     has $D/report.md "at 1-point odds" && has $D/report.md "once from team 1+3, once from team 2+4" &&
     ! has $D/report.md "South" && [ "$(grep -ci pincer $D/report.md)" = 1 ]'
check "values: every handicap Elo and its error are finite numbers, from 8 games a type" eval \
    '[ "$(awk -F, "NR > 1 && \$8 == 8 && \$10 ~ /^-?[0-9]+\\.[0-9]+\$/ && \$11 ~ /^[0-9]+\\.[0-9]+\$/" $D/values.csv | wc -l)" = 3 ]'
check "values: the regression ran on four-player material with the score as a control" eval \
    'has $D/report.md "the score difference (the points already won) is one more term" &&
     grep -q "^queen,3,-\?[0-9]" $D/values.csv'
check "values: each handicap pair removes a piece of its type from each team's quadrants in turn, each calibration pair gives each team 1 point" eval \
    'games4 $D/handicap.pgn 32 && [ "$(pair_kinds 1 $D/handicap.pgn)" = "4 4 4 4 0" ]'
run "$CFG" --set run.job=values --set run.results_dir="$T/bad" --set values.types=pawn,mage
check "values: 'mage' in four-player Martian Chess: exit 2, one line naming [values] types and the game's three, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/bad ] &&
     has $T/err "[values] types: '"'"'mage'"'"' is not a piece type of Martian Chess (four players) (one of pawn, drone, queen)"'

# --- pipeline ------------------------------------------------------------------------------------
job pipeline
check "pipeline: every stage plays four-player Martian Chess; final.weights is its weights file" eval \
    '[ $RC -eq 0 ] && names_game $D && martian4_weights $D/final.weights && games4 $D/gate/games.pgn 2 &&
     (for s in selfplay fit spsa gate; do names_game $D/$s && has $D/$s/config.ini "variant = martian4" || exit 1; done)'

# --- edge ----------------------------------------------------------------------------------------
job edge --set edge.nodes=200,300 --set edge.games=10
check "edge: four-player games at 200 and 300 nodes, team 1+3 the first player, the reports name the game" eval \
    '[ $RC -eq 0 ] && names_game $D && has $D/summary.json "\"first_player\": \"team 1+3\"," &&
     has $D/report.md "The first player is team 1+3." &&
     (for k in 200 300; do games4 $D/martian4-$k/games.pgn 10 && names_game $D/martian4-$k && fens4 $D/martian4-$k/games.pgn || exit 1; done)'
check "edge: the partner captures (and the taker's team's results) as the games show them, in zoned.csv and report.md" eval \
    '(for k in 200 300; do
         set -- $(partner_captures $D/martian4-$k/games.pgn)
         per=$(awk -v c="$1" "BEGIN { printf \"%.3f\", c / 10 }")
         [ "$1" -gt 0 ] && grep -qx "$k,10,.*,$1,$2,$3,$4,$5" $D/zoned.csv &&
             grep -q "^| $k | $1 | $per | [0-9.]*% \[[0-9., ]*\] | [0-9.]*% \[[0-9., ]*\] | $4 | $5 |$" $D/report.md || exit 1
     done) && has $D/report.md "## Taking a partner'"'"'s piece"'
check "edge: summary.json and zoned.csv as the games replayed from games.pgn (clock calls by standing, partner captures and the taker's results, merges, margins, trend)" \
    python3 "$(dirname "$0")/lib/edge_figures.py" "$D" martian4 10
check "edge: no move removed by the two-player no-undo rule (docs/rules/martian.md 10.6), and no section on it in the report" eval \
    '[ "$(awk -F, "NR > 1 && \$14 > 0 && \$15 == 0 && \$16 == 0" $D/zoned.csv | wc -l)" = 2 ] &&
     ! has $D/report.md "no-undo"'
check "edge: the report says a cut game is scored by the points, a tie won by the team that emptied a quadrant" eval \
    'has $D/report.md "plies are scored by the points;" && ! has $D/report.md "are drawn" &&
     has $D/report.md "won by the team of the player who emptied his quadrant."'

echo "martian4_jobs: $((SECONDS - start)) s"
[ $failures -eq 0 ]
