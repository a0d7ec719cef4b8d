#!/usr/bin/env bash
# html_browser.sh: report.html in a real browser. A small match and a tiny suite are run; then
# headless Chromium (Debian's chromium, installed by scripts/deps.sh) loads the match's page,
# the suite's page and its parts' pages, and the `maxtune view` page of the match's games,
# driven over the DevTools protocol by tests/browser/check_page.js (chrome-remote-interface,
# installed from tests/browser/package-lock.json by `npm ci` on first use). It checks: no
# console error, no request but the file:// page, the headline figures equal summary.json's,
# the plots drawn as SVG, the parts linked, and in the viewer the arrow keys step to the last
# ply, where the board equals `maxtune show` of the game's final FEN square by square. Also:
# `maxtune report` writes the same page again from the files, and `maxtune view` refuses an
# illegal move. Martian Chess (tests/browser/check_martian.js): the `maxtune view` page of a small
# Martian match draws the 4 x 8 board with its canal, the pieces P, D, Q of the FEN, steps moves,
# and shows the scores and the clock; a Martian pipeline's weights report shows its 4 x 4
# tables per type. Four-player Martian Chess (tests/browser/check_martian4.js): the view page of
# a small martian4 match draws the 8 x 8 board in four tinted quadrants with both canals, steps
# moves naming the player and team to move, numbers the moves by rounds of four plies, and at
# the last ply equals `maxtune show` of the final FEN. Skips (one PASS line saying so) only when
# chromium, node or npm is missing.
# Environment: BIN, the program (default bin/maxtune). About 25-35 s.
set -u
NAME=html_browser
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
browser_setup

# A small match (with an SPRT, so the page shows it) and a tiny suite.
cat >"$T/match.ini" <<'INI'
[run]
job = match
name = small
seed = 5
[engine_a]
weights = default
nodes = 200
hash_mb = 1
[engine_b]
weights = material
nodes = 200
hash_mb = 1
[match]
pairs = 16
sprt = true
INI
"$BIN" run "$T/match.ini" --set run.results_dir="$T/r" --set run.threads=2 >"$T/match.log" 2>&1
check "small match runs" [ $? -eq 0 ]
M=$T/r/small
check "match folder has report.html beside report.md" [ -s "$M/report.html" ] && [ -s "$M/report.md" ]
check "a finished page does not reload itself" eval '! grep -q "http-equiv=\"refresh\"" "$M/report.html"'
(cd "$ROOT" && "$BIN" run configs/default.ini --set run.results_dir="$T/s" --set run.threads=2 \
    --set selfplay.games=40 --set values.pairs=4 --set values.calibration_pairs=8 \
    --set spsa.iterations=24 --set spsa.batch=4 --set spsa.verify_pairs=4 \
    --set engine_a.nodes=200 --set engine_b.nodes=200 --set match.max_plies=120) \
    >"$T/suite.log" 2>&1
check "tiny suite runs" [ $? -eq 0 ]
S=$T/s/default
check "suite and its parts have report.html" \
    eval '[ -s $S/report.html ] && [ -s $S/values/report.html ] && [ -s $S/spsa/report.html ]'

cp "$M/report.html" "$T/written.html"
"$BIN" report "$M" >/dev/null
check "maxtune report writes the same page again from the files" same "$T/written.html" "$M/report.html"
"$BIN" view "$M/games.pgn" -o "$T/view.html" >/dev/null
check "maxtune view writes a page" [ -s "$T/view.html" ]
sed '0,/^1\. [a-h][0-9]*-[a-h][0-9]*/s//1. a0-a1/' "$M/games.pgn" >"$T/bad.pgn"
"$BIN" view "$T/bad.pgn" -o "$T/bad.html" >/dev/null 2>"$T/bad.err"
rc=$?
check "maxtune view refuses an illegal move (file:line)" \
    eval '[ $rc -eq 2 ] && grep -q "bad.pgn:[0-9]*: ply 1" "$T/bad.err" && [ ! -e "$T/bad.html" ]'

t0=$SECONDS
mkdir -p "$T/shots"
node "$B/check_page.js" --chromium "$CHROMIUM" --maxtune "$BIN" \
    --screenshot-report "$T/shots/report-match.png" --screenshot-viewer "$T/shots/viewer.png" \
    "$M/report.html" "$M/summary.json" "$S/report.html" "$S/summary.json" \
    "$S/values/report.html" "$S/values/summary.json" "$S/spsa/report.html" "$S/spsa/summary.json" \
    "$T/view.html" - 2>&1
check "browser checks finished ($((SECONDS - t0)) s in the browser)" [ $? -eq 0 ]
check "screenshots taken" [ -s "$T/shots/report-match.png" ] && [ -s "$T/shots/viewer.png" ]

martian_runs "$T/m"
check "a Martian match and a Martian pipeline run" [ $? -eq 0 ]
"$BIN" view "$T/m/mc/games.pgn" -o "$T/martian.html" >/dev/null
check "maxtune view writes the Martian games' page" [ -s "$T/martian.html" ]
node "$B/check_martian.js" --chromium "$CHROMIUM" "$T/martian.html" "$T/m/mp/report.html" 2>&1
check "browser checks of the Martian pages finished" [ $? -eq 0 ]
# Four-player Martian Chess (tests/browser/check_martian4.js): the `maxtune view` page of a small
# martian4 match draws the 8 x 8 board, each square tinted by its quadrant's player, both canals,
# the pieces of the FEN; ArrowRight steps to the last ply, naming after each ply the player and
# team to move, and there the board is `maxtune show`'s of the final FEN, with show's player and
# team to move, team scores and clock; a screenshot (shots/martian4.png).
martian4_runs "$T/m4"
check "a four-player Martian match runs" [ $? -eq 0 ]
"$BIN" view "$T/m4/mc4/games.pgn" -o "$T/martian4.html" >/dev/null
check "maxtune view writes the four-player Martian games' page" [ -s "$T/martian4.html" ]
node "$B/check_martian4.js" --chromium "$CHROMIUM" --maxtune "$BIN" --screenshot "$T/shots/martian4.png" \
    "$T/martian4.html" 2>&1
check "browser checks of the four-player Martian page finished" [ $? -eq 0 ]
check "the four-player Martian screenshot taken" [ -s "$T/shots/martian4.png" ]
[ -n "${SCREENSHOTS:-}" ] && cp "$T/shots/"*.png "$SCREENSHOTS/"
echo "html_browser: $((SECONDS - start)) s"
[ $failures -eq 0 ]
