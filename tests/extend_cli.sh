#!/usr/bin/env bash
# A run resumed with another config: the refusal names the keys that differ (the folder's
# config.ini against the new one), so the user knows what to put back.
set -u
bin=${BIN:-bin/maxtune}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() { if eval "$2"; then echo "PASS $1"; else echo "FAIL $1"; fi; }
run() { "$bin" run configs/match.ini --set run.results_dir="$tmp/r" --set engine_a.nodes=300 "$@" > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/rc"; }
# An interrupted run: a checkpoint and its config.ini, as SIGINT leaves them.
timeout -s INT 2 "$bin" run configs/match.ini --set run.results_dir="$tmp/r" --set engine_a.nodes=300 --set match.pairs=400 > /dev/null 2>&1
check "an interrupted run leaves its checkpoint" "[ -f $tmp/r/match-default-vs-material/checkpoint.journal ]"
run --set match.pairs=400 --set engine_b.nodes=1000 --set run.threads=1
check "another config: exit 2, the differing key named with both values" "[ \$(cat $tmp/rc) -eq 2 ] && grep -q 'its config.ini has \[engine_b\] nodes = 2000; this config has \[engine_b\] nodes = 1000)' $tmp/err"
check "threads is not named (it never changes results)" "! grep -q threads $tmp/err"

# A finished match extended from 20 to 30 pairs: the same files as a 30-pair run from the start.
S="--set engine_a.nodes=300 --set engine_b.nodes=300"
m() { local dir=$1; shift; "$bin" run configs/match.ini --set run.results_dir="$tmp/$dir" $S "$@" > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/rc"; }
m e --set match.pairs=20
m e --set match.pairs=30
check "a finished match with pairs raised 20 -> 30 continues (exit 0)" "[ \$(cat $tmp/rc) -eq 0 ] && grep -q 'resuming: 20 pairs already played' $tmp/out $tmp/err"
m e30 --set match.pairs=30
for f in games.pgn summary.json elo_progress.csv report.md; do
  check "extended match: $f identical to a 30-pair run's" "cmp -s $tmp/e/match-default-vs-material/$f $tmp/e30/match-default-vs-material/$f"
done
m e --set match.pairs=30
check "the same finished match again: refused as finished" "[ \$(cat $tmp/rc) -eq 2 ] && grep -q 'already holds a finished run' $tmp/err"
m e --set match.pairs=25
check "pairs lowered: refused, saying pairs may be raised, not lowered; still finished" "[ \$(cat $tmp/rc) -eq 2 ] && grep -q 'raised to extend a run, not lowered' $tmp/err && [ -f $tmp/e/match-default-vs-material/summary.json ]"
m e --set match.pairs=40 --set engine_b.nodes=400
check "pairs raised and another key changed: refused naming the key" "[ \$(cat $tmp/rc) -eq 2 ] && grep -q 'nodes = 400' $tmp/err && [ -f $tmp/e/match-default-vs-material/summary.json ]"

# A tournament extended from 2 to 3 pairs a pairing: the same games as a 3-pair run.
t() { local dir=$1; shift; "$bin" run tests/data/tournament-tiny.ini --set run.results_dir="$tmp/$dir" "$@" > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/rc"; }
{
  t te --set tournament.pairs=2; t te --set tournament.pairs=3; rc=$(cat $tmp/rc)
  t te3 --set tournament.pairs=3
  check "a finished tournament with pairs raised 2 -> 3: exit 0, games and ratings as a 3-pair run's" "[ $rc -eq 0 ] && cmp -s $tmp/te/*/games.pgn $tmp/te3/*/games.pgn && cmp -s $tmp/te/*/ratings.csv $tmp/te3/*/ratings.csv"
}
