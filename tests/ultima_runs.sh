#!/usr/bin/env bash
# ultima_runs.sh: runs that play Ultima ([run] variant = ultima). A tiny match finishes, every
# game of its games.pgn carries [Variant "Ultima"], `maxtune replay` accepts them (and reads an
# Ultima stalemate as a loss), the reports name the game, and the same config with 1 thread
# plays the same games; a tournament and a selfplay run play Ultima too; report.html's viewer
# draws its 8 x 8 board (in headless Chromium, when it is installed). `maxtune uci` as an
# external engine (told UCI_Variant ultima) plays exactly the in-process engine's games at the
# same nodes; an engine without UCI_Variant and a Maxima book are refused with one line and
# exit 2, leaving no results folder. A Maxima config is written as before (no variant key).
# (The tuning jobs' Ultima runs: tests/ultima_jobs.sh.)
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=ultima_runs
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
ENGINES=$(cd "$(dirname "$0")/engines" && pwd)

CFG=$T/u.ini
cat >"$CFG" <<'INI'
[run]
job = match
variant = ultima
name = u
seed = 3
threads = 2

[engine_a]
name = default
nodes = 300
hash_mb = 1

[engine_b]
name = material
weights = material
nodes = 300
hash_mb = 1

[match]
pairs = 3
INI

# --- a match of Ultima ---------------------------------------------------------------------
run "$CFG" --set run.results_dir="$T/t2"
U=$T/t2/u
check "an Ultima match finishes (exit 0, 6 games)" eval \
    '[ $RC -eq 0 ] && has $U/summary.json "\"games\": 6,"'
check "every game of games.pgn says [Variant \"Ultima\"] and starts from an 8-row FEN" eval \
    '[ "$(grep -c "^\[Variant \"Ultima\"\]$" $U/games.pgn)" = 6 ] &&
     [ "$(grep -cE "^\[FEN \"([^/]*/){7}[^/]* [wb] [0-9]+\"\]$" $U/games.pgn)" = 6 ]'
"$BIN" replay "$U/games.pgn" >"$T/replay" 2>&1
rc=$?
check "maxtune replay accepts them (exit 0, 0 errors)" eval \
    '[ $rc -eq 0 ] && has $T/replay "replayed 6 games, 0 errors"'
check "config.ini says variant = ultima; summary.json and report.md name the game" eval \
    'has $U/config.ini "variant = ultima" && has $U/summary.json "\"variant\": \"ultima\"," &&
     has $U/report.md "Game: **Ultima** (rules: docs/rules/ultima.md; a stalemate loses"'
run "$CFG" --set run.results_dir="$T/t1" --set run.threads=1
check "threads 1 plays the same games (games.pgn and summary.json identical)" eval \
    '[ $RC -eq 0 ] && same $U/games.pgn $T/t1/u/games.pgn && same $U/summary.json $T/t1/u/summary.json'

# --- maxtune replay: the game of each PGN, an Ultima stalemate a loss ------------------------
# White's Immobilizer freezes Black's lone King (docs/rules/ultima.md 5): Black cannot move and loses.
stalemate_pgn() {
    printf '[Event "t"]\n[Site "maxtune"]\n[Date "????.??.??"]\n[Round "1"]\n[White "W"]\n'
    printf '[Black "B"]\n[Result "%s"]\n[FEN "8/8/2M5/8/3k4/K7/8/8 w 0"]\n[PlyCount "1"]\n' "$1"
    printf '[SetUp "1"]\n[Termination "normal"]\n[Variant "%s"]\n\n1. c6-c4 {%s} %s\n\n' "$2" "$3" "$1"
}
stalemate_pgn 1-0 Ultima "stalemate (a loss)" >"$T/stalemate.pgn"
"$BIN" replay "$T/stalemate.pgn" >"$T/out" 2>&1
rc=$?
check "replay: an Ultima stalemate won by the stalemating side is accepted" [ $rc -eq 0 ]
stalemate_pgn 1/2-1/2 Ultima "stalemate (a loss)" >"$T/draw.pgn"
"$BIN" replay "$T/draw.pgn" >"$T/out" 2>&1
rc=$?
check "replay: the same stalemate scored a draw is an error (exit 1, it means 1-0)" eval \
    '[ $rc -eq 1 ] && has $T/out "draw.pgn:14: result 1/2-1/2, but {stalemate (a loss)} with Black to move means 1-0"'
stalemate_pgn 1-0 Chess "stalemate (a loss)" >"$T/chess.pgn"
"$BIN" replay "$T/chess.pgn" >"$T/out" 2>&1
rc=$?
check "replay: an unknown Variant is refused at its line (exit 2)" eval \
    '[ $rc -eq 2 ] && has $T/out "chess.pgn:12: unknown Variant \"Chess\" (maxima|ultima|martian|martian4)"'

# --- tournament and selfplay ---------------------------------------------------------------
tournament_ini "$T/tour.ini" 1 mat mat:material:200 v1:v1:200 def:default:200
run "$T/tour.ini" --set run.results_dir="$T/tour" --set run.variant=ultima
check "an Ultima tournament finishes; its games are Ultima's and replay cleanly" eval \
    '[ $RC -eq 0 ] && [ "$(grep -c "^\[Variant \"Ultima\"\]$" $T/tour/t/games.pgn)" = 6 ] &&
     "$BIN" replay $T/tour/t/games.pgn >/dev/null 2>&1 && has $T/tour/t/summary.json "\"variant\": \"ultima\""'
run "$CFG" --set run.results_dir="$T/self" --set run.job=selfplay --set selfplay.games=4 \
    --set selfplay.pgn=true
check "an Ultima selfplay run finishes; its games are Ultima's and replay cleanly" eval \
    '[ $RC -eq 0 ] && [ "$(grep -c "^\[Variant \"Ultima\"\]$" $T/self/u/games.pgn)" = 4 ] &&
     "$BIN" replay $T/self/u/games.pgn >/dev/null 2>&1 && has $T/self/u/report.md "Game: **Ultima**"'

# --- refusals: a Maxima book --------------------------------------------------------------
printf '# Ultima and Maxima\nstart\nxxx2xxx/p3k3/8/8/8/8/8/8/8/P3K3/xxx2xxx b 0\n' >"$T/book.fen"
run "$CFG" --set run.results_dir="$T/book" --set match.openings="$T/book.fen"
check "a Maxima FEN in an Ultima book: exit 2, one line naming book.fen:3, no results folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && has $T/err "book.fen:3: " &&
     has $T/err "11 rows" && [ ! -e $T/book ]'
run "$CFG" --set run.results_dir="$T/pgnbook" --set match.openings="$U/games.pgn"
check "an Ultima PGN book is read (exit 0)" [ $RC -eq 0 ]
"$BIN" run "$CFG" --set run.variant=maxima --set run.name=m --set run.results_dir="$T/m" \
    --set match.pairs=1 >/dev/null 2>&1
run "$CFG" --set run.results_dir="$T/mbook" --set match.openings="$T/m/m/games.pgn"
check "a Maxima PGN book in an Ultima run: exit 2, its Variant tag's file:line named" eval \
    '[ $RC -eq 2 ] && has $T/err "games.pgn:12: a game of Maxima, but Ultima is the game here" &&
     [ ! -e $T/mbook ]'
check "a Maxima run writes no variant key and tags its games Maxima" eval \
    '! grep -q "^variant" $T/m/m/config.ini && has $T/m/m/games.pgn "[Variant \"Maxima\"]" &&
     ! grep -q "\"variant\"" $T/m/m/summary.json && ! has $T/m/m/report.md "Game:"'

# --- external engines ----------------------------------------------------------------------
# True when engine log $1 shows starts (uciok) and after each uciok the game sent first.
told_first() {
    awk 'prev == "< uciok" { n++; if ($0 != "> setoption name UCI_Variant value ultima") bad++ }
         { prev = $0 } END { exit !(n > 0 && !bad) }' "$1"
}
run "$CFG" --set run.results_dir="$T/ref" --set match.pairs=4
run "$CFG" --set run.results_dir="$T/ext" --set match.pairs=4 --set "engine_a.command=$BIN uci" \
    --set "engine_a.options=Hash=1"
check "external maxtune uci (UCI_Variant ultima) plays the in-process engine's games" eval \
    '[ $RC -eq 0 ] && same $T/ref/u/games.pgn $T/ext/u/games.pgn &&
     same $T/ref/u/summary.json $T/ext/u/summary.json'
run "$CFG" --set run.results_dir="$T/ext2" --set match.pairs=4 --set run.threads=1 \
    --set run.engine_log=all --set "engine_a.command=$BIN uci" --set "engine_a.options=Hash=1" \
    --set "engine_b.command=$BIN uci" --set "engine_b.options=Hash=1, Weights=material"
check "both external (1 thread): the same games; the game is sent before the options" eval \
    '[ $RC -eq 0 ] && same $T/ref/u/games.pgn $T/ext2/u/games.pgn &&
     told_first $T/ext2/u/engines.log'
run "$CFG" --set run.results_dir="$T/mo" --set "engine_b.command=$ENGINES/maxima_only.sh $BIN uci"
check "an engine without UCI_Variant: exit 2, one line naming [engine_b], no results folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] &&
     has $T/err "[engine_b] command: engine material" &&
     has $T/err "it does not play Ultima: no UCI_Variant option" && [ ! -e $T/mo ]'
"$BIN" run "$CFG" --set run.variant=maxima --set run.results_dir="$T/mx" --set match.pairs=1 \
    --set run.engine_log=all --set "engine_a.command=$BIN uci" \
    --set "engine_b.command=$ENGINES/maxima_only.sh $BIN uci" >"$T/out" 2>&1
rc=$?
check "in a Maxima run that engine plays, and no engine is told a game" eval \
    '[ $rc -eq 0 ] && has $T/mx/u/engines.log "< option name UCI_Variant type combo" &&
     ! grep -q "^> setoption name UCI_Variant" $T/mx/u/engines.log'

# --- report.html's viewer draws Ultima's board (headless Chromium, as tests/html_browser.sh) --
if { command -v chromium || command -v chromium-browser; } >/dev/null && command -v node >/dev/null &&
    command -v npm >/dev/null; then
    browser_setup
    node "$B/check_page.js" --chromium "$CHROMIUM" --maxtune "$BIN" "$U/report.html" \
        "$U/summary.json" >"$T/browser" 2>&1
    rc=$?
    check "report.html: the viewer's boards equal maxtune show's 64 squares, no error" eval \
        '[ $rc -eq 0 ] && has $T/browser "(64 squares)" && ! has $T/browser "FAIL "'
    grep "^FAIL " "$T/browser"
else
    echo "SKIP the browser check of an Ultima page: chromium, node or npm is missing"
fi

echo "ultima_runs: $((SECONDS - start)) s"
[ $failures -eq 0 ]
