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
