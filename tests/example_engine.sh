#!/usr/bin/env bash
# The example a user copies: configs/my-engine.ini with examples/random_engine.py (an external
# engine of a few lines that asks `maxtune moves` for the legal moves) plays whole games that
# `maxtune replay` accepts, the same games every time.
set -u
bin=${BIN:-bin/maxtune}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() { if eval "$2"; then echo "PASS $1"; else echo "FAIL $1"; fi; }
export MAXTUNE=$bin
for r in 1 2; do
  "$bin" run configs/my-engine.ini --set run.results_dir=$tmp/r$r --set match.pairs=3 \
    --set "engine_a.command=python3 examples/random_engine.py" > "$tmp/out$r" 2>&1
  echo $? > "$tmp/rc$r"
done
check "my-engine.ini: the run finishes, exit 0" "[ \$(cat $tmp/rc1) -eq 0 ] && [ -s $tmp/r1/my-engine/summary.json ]"
check "my-engine.ini: 6 games, none abandoned or forfeited" "[ \$(grep -c '^\[Result' $tmp/r1/my-engine/games.pgn) -eq 6 ] && ! grep -q 'Termination \"\(abandoned\|time forfeit\|rules infraction\)\"' $tmp/r1/my-engine/games.pgn"
check "my-engine.ini: replay accepts every game" "\"$bin\" replay $tmp/r1/my-engine/games.pgn > $tmp/replay 2>&1"
check "my-engine.ini: the same games twice" "cmp -s $tmp/r1/my-engine/games.pgn $tmp/r2/my-engine/games.pgn"
printf 'uci\nposition startpos moves zz\ngo\nposition startpos\ngo nodes 1\nquit\n' | python3 examples/random_engine.py > "$tmp/proto"
check "random_engine.py: uciok, a bad move refused, a legal bestmove" "grep -q '^uciok' $tmp/proto && grep -q 'info string error' $tmp/proto && grep -q '^bestmove 0000' $tmp/proto && \"$bin\" moves start | grep -qx \"\$(sed -n 's/^bestmove //p' $tmp/proto | tail -1)\""
