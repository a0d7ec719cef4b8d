#!/usr/bin/env bash
# The rules core through the command line: perft --divide against tests/data/reference/start_divide.txt
# (depths 3 and 4; depth 5 runs in `make test-slow`), and bad input to perft/moves/show; Martian
# Chess of two and four players through perft, moves and show.
set -u
bin=${BIN:-bin/maxtune}
refdata=tests/data/reference
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() { if eval "$2"; then echo "PASS $1"; else echo "FAIL $1"; fi; }
for d in 3 4; do
  awk -v d="depth $d" '$0 == d {f=1; next} /^$/ {f=0} f' "$refdata/start_divide.txt" > "$tmp/ref$d"
  "$bin" perft start $d --divide > "$tmp/out$d"
  total=$(awk '{s += $2} END {print s}' "$tmp/ref$d")
  check "divide depth $d matches start_divide.txt" "[ -s $tmp/ref$d ] && diff -q $tmp/ref$d <(grep -v '^nodes' $tmp/out$d) >/dev/null"
  check "divide depth $d total line" "[ \"\$(tail -1 $tmp/out$d)\" = 'nodes $total' ]"
done
"$bin" perft "xxx2xxx/8/8/8/8/8/8/8/8/8/xxx2xxx w 0" 2 > /dev/null 2> "$tmp/err"; rc=$?
check "perft without kings: exit 2 with a message" "[ $rc -eq 2 ] && grep -q 'King' $tmp/err"
"$bin" moves "xxx2xxx/4k3/8/8/8/8/8/8/8/4K3/xxx2xxx w 0 junk" > "$tmp/out" 2> "$tmp/err"; rc=$?
check "moves with trailing junk: exit 2, nothing on stdout" "[ $rc -eq 2 ] && [ ! -s $tmp/out ] && grep -q 'column' $tmp/err"
"$bin" show "xxx2xxx/4k3/8/8/8/8/8/8/8/4K3/xxx2xxx x 0" > /dev/null 2> "$tmp/err"; rc=$?
check "show with a bad side: exit 2" "[ $rc -eq 2 ] && grep -q \"side to move\" $tmp/err"
"$bin" perft start abc > /dev/null 2> "$tmp/err"; rc=$?
check "perft with a bad depth: exit 2" "[ $rc -eq 2 ] && grep -q DEPTH $tmp/err"
"$bin" search start --depth 2 --moves e2-e9 > /dev/null 2> "$tmp/err"; rc=$?
check "search with an illegal move: exit 2 naming it" "[ $rc -eq 2 ] && grep -q 'e2-e9' $tmp/err"
"$bin" show start > "$tmp/out"; rc=$?
check "show start: ongoing, not in check" "[ $rc -eq 0 ] && grep -q 'Game state:   ongoing' $tmp/out && grep -q 'In check:     no' $tmp/out"
# moves and show after --moves: the same as the FEN of the position they reach.
first=$("$bin" moves start | head -1)
fen=$("$bin" show start --moves "$first" | sed -n 's/^FEN: *//p')
"$bin" moves start --moves "$first" > "$tmp/after"; "$bin" moves "$fen" > "$tmp/direct"
check "moves --moves lists the moves of the position reached" "[ -s $tmp/after ] && cmp -s $tmp/after $tmp/direct && ! cmp -s $tmp/after <(\"$bin\" moves start)"
"$bin" moves start --moves "$first" e2-e9 > "$tmp/out" 2> "$tmp/err"; rc=$?
check "moves --moves with an illegal move: exit 2 naming it and its number" "[ $rc -eq 2 ] && [ ! -s $tmp/out ] && grep -q 'move 2: .e2-e9' $tmp/err"
"$bin" moves start --bogus > /dev/null 2> "$tmp/err"; rc=$?
check "moves with an unknown option: exit 2" "[ $rc -eq 2 ] && grep -q \"unknown option '--bogus'\" $tmp/err"
# Martian Chess (docs/rules/martian.md): a FEN of 8 rows of 4 cells and 6 fields names the game.
mstart="QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - -"
check "martian perft start 3 = 5312, from the FEN and from --variant martian start" "[ \"\$(\"$bin\" perft \"$mstart\" 3)\" = 'nodes 5312' ] && [ \"\$(\"$bin\" perft start 3 --variant martian)\" = 'nodes 5312' ]"
"$bin" perft "$mstart" 2 --divide > "$tmp/out"
check "martian divide depth 2: 20 moves summing to 312" "[ \$(grep -vc '^nodes' $tmp/out) -eq 20 ] && [ \"\$(tail -1 $tmp/out)\" = 'nodes 312' ] && grep -q '^d3-d5\* ' $tmp/out"
awk '$0 == "id start" {f=1; next} f && /^state/ {next} f && /^$/ {exit} f' "$refdata/martian_moves.txt" > "$tmp/ref"
"$bin" moves "$mstart" > "$tmp/out"
check "martian moves of the start: martian_moves.txt's list" "[ -s $tmp/ref ] && cmp -s $tmp/ref $tmp/out"
"$bin" show "$mstart" --moves d3-d5 d5-d4 > "$tmp/out"; rc=$?
check "martian show: board with the canal, scores, last crossing, clock" "[ $rc -eq 0 ] && grep -q 'canal' $tmp/out && grep -q 'Scores:       South 0, North 0' $tmp/out && grep -q 'Last crossing: d5-d4' $tmp/out && grep -q 'Clock:        not called' $tmp/out && grep -q 'Side to move: South' $tmp/out"
"$bin" show "4/4/4/4/4/4/4/3Q n 4 4 - -" > "$tmp/out"
check "martian show of a finished game: empty zone, the tie to the player who emptied it" "grep -q 'Game state:   empty zone' $tmp/out && grep -q 'Result:       South wins' $tmp/out"
"$bin" moves "QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 -2 - -" > "$tmp/out" 2> "$tmp/err"; rc=$?
check "martian FEN with a negative score: exit 2, one line naming it" "[ $rc -eq 2 ] && [ ! -s $tmp/out ] && [ \$(wc -l < $tmp/err) -eq 1 ] && grep -q 'North score \"-2\"' $tmp/err"
"$bin" search "$mstart" --depth 2 > "$tmp/out" 2> "$tmp/err"; rc=$?
check "search of a Martian position: the engine plays it, a bestmove in its notation" "[ $rc -eq 0 ] && grep -q '^bestmove [a-d][1-8][-x+][a-d][1-8]' $tmp/out"
# Four-player Martian Chess (docs/rules/martian.md 10): 8 rows of 8 cells, a player 1-4 to move, 5 fields.
m4start="QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -"
check "martian4 perft start 3 = 5412, from the FEN and from --variant martian4 start" "[ \"\$(\"$bin\" perft \"$m4start\" 3)\" = 'nodes 5412' ] && [ \"\$(\"$bin\" perft start 3 --variant martian4)\" = 'nodes 5412' ]"
"$bin" perft "$m4start" 2 --divide > "$tmp/out"
check "martian4 divide depth 2: 22 moves summing to 366" "[ \$(grep -vc '^nodes' $tmp/out) -eq 22 ] && [ \"\$(tail -1 $tmp/out)\" = 'nodes 366' ] && grep -q '^c1-e1\* ' $tmp/out"
awk '$0 == "id start" {f=1; next} f && /^state/ {next} f && /^$/ {exit} f' "$refdata/martian4_moves.txt" > "$tmp/ref"
"$bin" moves start --variant martian4 > "$tmp/out"
check "martian4 moves of the start: martian4_moves.txt's list" "[ -s $tmp/ref ] && cmp -s $tmp/ref $tmp/out"
"$bin" show "$m4start" --moves a3-a5 a5-a4 > "$tmp/out"; rc=$?
check "martian4 show: both canals, player and team to move, team scores, no last crossing" "[ $rc -eq 0 ] && grep -q '~ ~ ~ ~ + ~ ~ ~ ~  canal' $tmp/out && grep -q '^  1   Q Q D . | . D Q Q' $tmp/out && grep -q 'Side to move: player 3 (team 1+3)' $tmp/out && grep -q 'Scores:       team 1+3 0, team 2+4 0' $tmp/out && ! grep -q 'Last crossing' $tmp/out && grep -q 'Game:        Martian Chess (four players)' $tmp/out"
"$bin" show "Q6Q/8/8/3P4/4P3/3D4/8/Q7 4 15 15 -" --moves e4-f5 > "$tmp/out"
check "martian4 show of a finished game: empty quadrant, the tie to the team of the player who emptied it" "grep -q 'Game state:   empty zone' $tmp/out && grep -q 'Result:       team 2+4 wins' $tmp/out"
"$bin" moves "${m4start% 1 0 0 -} 5 0 0 -" > "$tmp/out" 2> "$tmp/err"; rc=$?
check "martian4 FEN with player 5 to move: exit 2, one line naming it" "[ $rc -eq 2 ] && [ ! -s $tmp/out ] && [ \$(wc -l < $tmp/err) -eq 1 ] && grep -q 'a player 1 to 4, got \"5\"' $tmp/err"
"$bin" perft "$m4start -" 2 > "$tmp/out" 2> "$tmp/err"; rc=$?
check "martian4 FEN with a 6th field: exit 2, one line naming it" "[ $rc -eq 2 ] && [ \$(wc -l < $tmp/err) -eq 1 ] && grep -q 'unexpected 6th field' $tmp/err"
"$bin" perft "$m4start" 2 --variant ultima > "$tmp/out" 2> "$tmp/err"; rc=$?
check "martian4 FEN where Ultima is asked: exit 2, naming both games" "[ $rc -eq 2 ] && grep -q 'a FEN of Martian Chess (four players).*not of Ultima' $tmp/err"
"$bin" search "$m4start" --depth 2 > "$tmp/out" 2> "$tmp/err"; rc=$?
check "search of a four-player position: the engine plays it (a bestmove of player 1)" "[ $rc -eq 0 ] && grep -q '^bestmove [a-d][1-4]' $tmp/out"
"$bin" bench 3 --variant chess > /dev/null 2> "$tmp/err"; rc=$?
check "bench --variant chess: refused, the engine's games listed" "[ $rc -eq 2 ] && grep -q \"unknown variant 'chess' (maxima|ultima|martian|martian4)\" $tmp/err"
