#!/usr/bin/env bash
# martian_jobs.sh: every job plays Martian Chess ([run] variant = martian). Tiny runs of match,
# tournament, selfplay, fit (its material and all of @eval), spsa, values, suite, pipeline,
# study and generations finish (exit 0) and say the right things: report.md names Martian Chess
# and how it ends (no stalemate, the higher score wins), summary.json "variant": "martian"; the
# games add up and end by Martian's rules (empty half, clock; no checkmate); random openings call
# no clock, a book of Martian FENs is played and a Maxima FEN in it refused with its file:line;
# piece values are in points of score (the pawn measured like the drone and the queen, the
# official points 1/2/3 beside them, finite Elo figures), the handicap removes a piece from one
# side's half and never empties a half, the calibration gives the other side k points (any k,
# 4 too), the study's point Elo and its +- the values parts' unit_elo and 1.96 unit_elo_se; fit
# and spsa tune Martian weights only, which `maxtune weights --variant martian`
# reads; a values run killed and resumed, and a match extended from 12 pairs to 20, write the
# same files as runs that were not; the family study and a Maxima piece type are refused with
# one line, exit 2, no folder.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=martian_jobs
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/m.ini
cat >"$CFG" <<'INI'
[run]
job = match
variant = martian
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
pairs = 20
opening_plies = 4

[selfplay]
games = 60

[fit]
verify_pairs = 1
validation = 0

[spsa]
iterations = 4
batch = 2
verify_pairs = 1

[values]
pairs = 20
calibration_pairs = 20
pgn = true

[pipeline]
fit_params = @material
gate_nodes = 300
gate_pairs = 1
INI
# True when run folder $1 names Martian Chess and how it ends in report.md, and the game in
# summary.json.
names_game() {
    has "$1/report.md" "Game: **Martian Chess** (rules: docs/rules/martian.md; no King: captures score points" &&
        has "$1/report.md" "and the higher score wins, docs/rules/martian.md 7)." &&
        ! grep -qi "stalemate\|checkmate" "$1/report.md" && has "$1/summary.json" '"variant": "martian",'
}
# True when weights file $1 is a weights file of Martian Chess that maxtune reads as one.
martian_weights() {
    has "$1" "# maxtune weights file for Martian Chess" &&
        ! grep -qE "^(pincer|mage|guard|king|palace_)" "$1" &&
        "$BIN" weights --variant martian "$1" >/dev/null 2>&1
}
# Prints the FEN of every game of PGN file $1, one a line.
fens() { sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$1"; }
# True when every FEN of PGN file $1 is a Martian position of `max` pieces or fewer (the
# board's letters), both halves holding some, the clock not called (the 6th field "-").
fens_playable() {
    local max=$1
    fens "$2" | awk -v max="$max" '{
        split($1, rows, "/"); north = 0; south = 0
        for (r = 1; r <= 8; r++) { n = gsub(/[PDQ]/, "", rows[r]); if (r <= 4) north += n; else south += n }
        if (NF != 6 || $6 != "-" || north == 0 || south == 0 || north + south > max) bad = 1; n++ }
        END { exit bad || n == 0 }'
}
# Prints "C H B" for the games of handicap.pgn $2, a pair (games 1 and 2) at a time: C pairs of
# the calibration at $1 points (the same board, one side $1 points up in one game, the other in
# the other), H handicap pairs (the same scores, 17 pieces or fewer in each board), B other
# pairs (an imbalance: a piece removed and points given); in every game both halves hold pieces
# and the clock is not called (6th field "-").
pair_kinds() {
    fens "$2" | awk -v k="$1" '
        function pieces(board, half,   rows, r, n, row) {
            split(board, rows, "/"); n = 0
            for (r = 1; r <= 8; r++)
                if (half == "" || (half == "N") == (r <= 4)) { row = rows[r]; n += gsub(/[PDQ]/, "", row) }
            return n }
        function playable(f) { return f[6] == "-" && pieces(f[1], "N") > 0 && pieces(f[1], "S") > 0 }
        NR % 2 == 1 { na = split($0, a, " "); next }
        { nb = split($0, b, " ")
          if (na != 6 || nb != 6 || !playable(a) || !playable(b)) bad++
          else if (a[1] == b[1] && ((b[3] - a[3] == k && a[4] - b[4] == k) || (a[3] - b[3] == k && b[4] - a[4] == k))) c++
          else if (a[3] == b[3] && a[4] == b[4] && pieces(a[1], "") <= 17 && pieces(b[1], "") <= 17) h++
          else bad++ }
        END { print c + 0, h + 0, bad + 0 + NR % 2 }'
}

# --- match ---------------------------------------------------------------------------------------
job match
check "match: a Martian match finishes; the reports name the game and how it ends" eval \
    '[ $RC -eq 0 ] && names_game $D'
check "match: 40 games in games.pgn and summary.json, each ended by Martian's rules or a match rule" eval \
    '[ "$(grep -c "^\[Variant \"Martian Chess\"\]" $D/games.pgn)" = 40 ] && has $D/summary.json "\"games\": 40," &&
     ! grep -q "checkmate\|stalemate\|bare king\|invasion" $D/games.pgn'
check "openings: every random opening is a Martian position of 18 pieces, not over, its clock not called" \
    fens_playable 18 "$D/games.pgn"
mv "$T/match" "$T/match40"
job match --set match.pairs=12
job match
check "match: extended from 12 pairs to 20, the same files as 20 pairs from the start" eval \
    '[ $RC -eq 0 ] && same_folders $T/match/m $T/match40/m report.html checkpoint.journal'
printf 'QQD1/QDP1/DPP1/4/4/P1PD/P1DQ/1DQQ s 0 0 - -\nQQD1/1DP1/DQP1/P3/3P/1PPD/2DQ/1DQQ s 0 0 - -\n' >"$T/book.fen"
job match --set match.openings="$T/book.fen" --set match.pairs=2 --set run.results_dir="$T/book"
D=$T/book/m
check "openings: a book of Martian FENs: each game starts from one of its lines" eval \
    '[ $RC -eq 0 ] && [ "$(fens $D/games.pgn | sort -u | wc -l)" = 2 ] && fens $D/games.pgn | grep -qxF "QQD1/QDP1/DPP1/4/4/P1PD/P1DQ/1DQQ s 0 0 - -"'
printf 'QQD1/QDP1/DPP1/4/4/P1PD/P1DQ/1DQQ s 0 0 - -\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0\n' >"$T/bad.fen"
run "$CFG" --set match.openings="$T/bad.fen" --set run.results_dir="$T/bad"
check "openings: a FEN of another game in a Martian book: exit 2, its file:line named, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && has $T/err "bad.fen:2: " && [ ! -e $T/bad ]'

# --- tournament ----------------------------------------------------------------------------------
job tournament --set tournament.pairs=3
check "tournament: a Martian round robin finishes: 6 games, the reports name the game" eval \
    '[ $RC -eq 0 ] && names_game $D && [ "$(grep -c "^\[Variant \"Martian Chess\"\]" $D/games.pgn)" = 6 ]'

# --- selfplay ------------------------------------------------------------------------------------
job selfplay
check "selfplay: Martian positions with their traces; South and North, no mates, in the report" eval \
    '[ $RC -eq 0 ] && names_game $D && [ -s $D/positions.traces ] && has $D/report.md "60 self-play games" &&
     has $D/report.md "): South won " && has $D/report.md "with scores of a decided game" && ! has $D/report.md "mate scores"'

# --- fit -----------------------------------------------------------------------------------------
job fit --set fit.params=@material --set selfplay.games=200
check "fit: the material of Martian Chess fitted (pawn, drone, queen by phase), against the points" eval \
    '[ $RC -eq 0 ] && names_game $D &&
     [ "$(cut -d, -f1 $D/fit.csv | tail -n +2 | tr "\n" " ")" = "pawn.mg pawn.eg drone.mg drone.eg queen.mg queen.eg " ] &&
     has $D/report.md ": the ratio to the fitted points with Fieller" && ! grep -q "fitted pawn" $D/report.md &&
     ! grep -qi pincer $D/report.md &&
     martian_weights $D/fitted.weights'
job fit --set fit.params=@eval --set fit.regularize=10 --set run.results_dir="$T/fiteval"
D=$T/fiteval/m
check "fit: @eval of Martian Chess is its own weights only (points, 4x4 piece-square tables)" eval \
    '[ $RC -eq 0 ] && grep -q "^points.mg," $D/fit.csv && grep -q "^pst_rank.queen.4.eg," $D/fit.csv &&
     ! grep -qE "^(pincer|coordinator|mage|guard|king|palace|frozen|pst_file\.[a-z_]*\.[e-h]|pst_rank\.[a-z_]*\.([5-9]|10|0))" $D/fit.csv &&
     martian_weights $D/fitted.weights'

# --- spsa ----------------------------------------------------------------------------------------
job spsa
check "spsa: Martian's three pieces tuned; ratios to the points weight, the official points beside them" eval \
    '[ $RC -eq 0 ] && names_game $D && [ "$(head -1 $D/trajectory.csv)" = "iteration,pawn,drone,queen,plus_wins,plus_losses,draws,plus_score" ] &&
     has $D/report.md "| hand-set (martian) | points (points) | tuned / tuned point |" &&
     grep -q "^| queen | [0-9]* | [0-9]* | [-+][0-9]* | 300 | 3 | [0-9.]* |$" $D/report.md && martian_weights $D/tuned.weights'

# --- values --------------------------------------------------------------------------------------
job values
V=$D
check "values: pawn, drone and queen valued in points (the pawn measured too), points 1/2/3 beside them" eval \
    '[ $RC -eq 0 ] && names_game $V && [ "$(cut -d, -f1 $V/values.csv | tail -n +2 | tr "\n" " ")" = "pawn drone queen " ] &&
     grep -q "^pawn,1,-\?[0-9]" $V/values.csv && ! grep -q "^pawn,1,.*,1.0000,1.0000,1.0000," $V/values.csv &&
     grep -q "^drone,2," $V/values.csv && grep -q "^queen,3," $V/values.csv && has $V/summary.json "\"unit\": \"point\"," &&
     has $V/report.md "What each Martian Chess piece is worth, in points" && has $V/report.md "The unit is the point" &&
     has $V/report.md "at 1-point odds" && has $V/report.md "once from South, once from North" &&
     [ "$(grep -ci pincer $V/report.md)" = 1 ]'
check "values: every handicap Elo and its error are finite numbers, from 40 games a type" eval \
    '[ "$(awk -F, "NR > 1 && \$8 == 40 && \$10 ~ /^-?[0-9]+\\.[0-9]+\$/ && \$11 ~ /^[0-9]+\\.[0-9]+\$/" $V/values.csv | wc -l)" = 3 ]'
check "values: the regression ran on Martian material with the score as a control" eval \
    'has $V/report.md "the score difference (the points already won) is one more term" &&
     grep -q "^queen,3,-\?[0-9]" $V/values.csv'
check "values: each handicap game starts with one piece removed (17 of 18 or fewer), each calibration game one side 1 point up" eval \
    '[ "$(pair_kinds 1 $V/handicap.pgn)" = "20 60 0" ]'
run "$CFG" --set run.job=values --set run.results_dir="$T/bad" --set values.types=pawn,mage
check "values: 'mage' in Martian: exit 2, one line naming [values] types and the game's three, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/bad ] &&
     has $T/err "[values] types: '"'"'mage'"'"' is not a piece type of Martian Chess (one of pawn, drone, queen)"'
job values --set values.calibration_pincers=4 --set run.results_dir="$T/cal4"
check "values: 4 points of calibration (more than a side's 3 pawns): runs, each calibration game one side 4 points up" eval \
    '[ $RC -eq 0 ] && [ "$(pair_kinds 4 $T/cal4/m/handicap.pgn)" = "20 60 0" ] && has $T/cal4/m/report.md "20 pairs at 4-point odds"'
job values --set values.calibration_pincers=2 --set values.offsets=queen:2 --set values.pairs=4 \
    --set values.calibration_pairs=4 --set run.results_dir="$T/offsets"
check "values: 2-point odds and the queen against 2 points: the report counts points" eval \
    '[ $RC -eq 0 ] && has $T/offsets/m/report.md "| 8, " && has $T/offsets/m/report.md "4 pairs at 2-point odds" &&
     has $T/offsets/m/report.md " (against 2 points) |" && has $T/offsets/m/report.md "queen against 2 points" &&
     [ "$(pair_kinds 2 $T/offsets/m/handicap.pgn)" = "4 8 4" ] &&
     grep -q "^queen,3,.*,2,-\?[0-9.]*,[0-9.]*,[^,]*,[^,]*,[0-9]* [0-9]* [0-9]* [0-9]* [0-9]*$" $T/offsets/m/values.csv'
# A run killed part-way and resumed (in the same folder: config.ini names it) writes what an
# uninterrupted one wrote.
job values --set engine_a.nodes=1500 --set run.results_dir="$T/kill" && mv "$T/kill" "$T/whole"
"$BIN" run "$CFG" --set run.job=values --set run.results_dir="$T/kill" --set engine_a.nodes=1500 \
    >/dev/null 2>&1 &
BG=$!
if wait_records "$T/kill/m" 30; then
    kill -9 "$BG"
    wait "$BG" 2>/dev/null
    BG=""
    run "$CFG" --set run.job=values --set run.results_dir="$T/kill" --set engine_a.nodes=1500
    check "values: killed and resumed, the same files as a run that was not" eval \
        '[ $RC -eq 0 ] && has $T/err "resum" && same_folders $T/kill/m $T/whole/m'
else
    echo "FAIL values: the run finished or failed before 30 records were saved"
    failures=$((failures + 1))
fi

# --- suite ---------------------------------------------------------------------------------------
job suite
check "suite: values and spsa of Martian Chess, in points, one report naming the game" eval \
    '[ $RC -eq 0 ] && names_game $D && names_game $D/values && names_game $D/spsa &&
     has $D/report.md "## Piece values (points, 95% intervals)" && has $D/report.md "| piece | points | regression |" &&
     [ "$(grep -c "^| \(pawn\|drone\|queen\) | [123] | " $D/report.md)" = 3 ] && ! grep -qi "pincer" $D/report.md &&
     martian_weights $D/spsa/tuned.weights'

# --- pipeline ------------------------------------------------------------------------------------
job pipeline
check "pipeline: every stage plays Martian Chess; final.weights is Martian's" eval \
    '[ $RC -eq 0 ] && names_game $D && martian_weights $D/final.weights &&
     (for s in selfplay fit spsa gate; do names_game $D/$s && has $D/$s/config.ini "variant = martian" || exit 1; done)'

# --- study ---------------------------------------------------------------------------------------
job study --set study.engines=default@200,default@300 --set study.ladder_pairs=2 --set selfplay.games=200 \
    --set values.pairs=10 --set values.calibration_pairs=10 --set values.pgn=false
check "study: two Martian settings, values in points against the official points" eval \
    '[ $RC -eq 0 ] && has $D/report.md "What each Martian Chess piece is worth, in points" &&
     has $D/report.md "| piece | points | default-200 | default-300 |" && has $D/report.md "| a point'"'"'s Elo (handicap unit) |" &&
     ! grep -qi "pincer\|vchess" $D/report.md && names_game $D/values-default-200 && names_game $D/ladder'
# The point is no piece: its Elo comes from the values parts' summaries, and the fit by phase
# fits the points weights too, so that every piece has a value in points of each phase.
check "study: each setting's point Elo (the calibration's, not 0), the values by phase in points" eval \
    '[ "$(grep -cE "^\| default-[23]00 \| .* \| [0-9]+\.[0-9] \+- [0-9]+\.[0-9] \|$" $D/report.md)" = 2 ] &&
     ! grep -qE "^\| default-[23]00 \| .* \| 0\.0 \+- 0\.0 \|$" $D/report.md &&
     [ "$(grep -cE "^\| (pawn|drone|queen) \| [123] \| -?[0-9]+\.[0-9]{2} .* \| -?[0-9]+\.[0-9]{2} " $D/report.md)" -ge 9 ] &&
     grep -q "^  \"unit_elo\": [0-9]" $D/values-default-200/summary.json &&
     has $D/values-default-200/report.md "Elo a point**"'
# The ladder table's point Elo of each setting, re-derived from its values part's summary.json:
# unit_elo +- 1.96 unit_elo_se (to the table's 0.1), the error from the error, not the Elo.
point_elo_row() { # setting: prints "elo halfwidth" from its values part, then from report.md
    local s=$1 j=$D/values-$1/summary.json
    awk -F'[:,]' '/^  "unit_elo":/ {e = $2} /^  "unit_elo_se":/ {se = $2}
        END {printf "%.1f %.1f\n", e, 1.959963984540054 * se}' "$j"
    sed -n "s/^| $s | .* | \([0-9.-]*\) +- \([0-9.]*\) |\$/\1 \2/p" "$D/report.md"
}
check "study: each setting's point Elo and its +- in report.md are its values part's unit_elo and 1.96 x unit_elo_se" eval \
    '(for s in default-200 default-300; do
         point_elo_row $s | awk "NR == 1 {e = \$1; h = \$2} NR == 2 {f = \$1; g = \$2}
             END {exit !(NR == 2 && h > 0 && (e - f) ^ 2 < 0.0026 && (h - g) ^ 2 < 0.0026)}" ||
             { echo "  $s: $(point_elo_row $s | tr "\n" " ")"; exit 1; }
     done)'

# --- generations ---------------------------------------------------------------------------------
job generations --set generations.count=1 --set generations.ladder_pairs=2 --set generations.ladder_nodes=300
check "generations: a generation of Martian Chess and its ladder" eval \
    '[ $RC -eq 0 ] && has $D/summary.json "\"variant\": \"martian\"," && names_game $D/gen-1 && names_game $D/ladder &&
     martian_weights $D/gen-1/final.weights'

# --- family --------------------------------------------------------------------------------------
run "$CFG" --set run.job=family --set run.results_dir="$T/bad"
check "family: Martian Chess refused: exit 2, one line naming [run] variant, no folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && has $T/err "[run] variant" && [ ! -e $T/bad ]'

echo "martian_jobs: $((SECONDS - start)) s"
[ $failures -eq 0 ]
