#!/usr/bin/env bash
# How the reports describe their players (tune/play/players.c): a depth-limited and a
# movetime-limited match say so (they were once "0 nodes per move"), an external engine is
# described by its command, options, limits and time control (once "weights `default`"), and a
# depth-limited self-play run says its depth.
set -u
NAME=report_players
. "$(dirname "$0")/lib/common.sh"

CFG=$T/m.ini
cat >"$CFG" <<'EOF2'
[run]
job = match
name = m
seed = 7
threads = 1

[engine_a]
name = default
weights = default
nodes = 0
depth = 1
hash_mb = 1

[engine_b]
name = material
weights = material
nodes = 0
depth = 2
hash_mb = 1

[match]
pairs = 1
max_plies = 60
EOF2
first() { sed -n 3p "$1"; }

run "$CFG" --set run.results_dir="$T/d"
check "depth-limited match: exit 0" [ "$RC" -eq 0 ]
first "$T/d/m/report.md" >"$T/d.line"
check "depth-limited match: the report gives each player's depth" \
    has "$T/d.line" '`default` (weights `default`, depth 1 per move) against `material` (weights `material`, depth 2 per move)'
check "depth-limited match: no '0 nodes'" eval '! grep -q "0 nodes" "$T/d.line"'

run "$CFG" --set run.results_dir="$T/t" --set engine_a.depth=0 --set engine_a.movetime_ms=5 \
    --set engine_b.depth=0 --set engine_b.nodes=300 --set engine_b.movetime_ms=5
check "movetime-limited match: exit 0" [ "$RC" -eq 0 ]
check "movetime-limited match: the report gives the time per move" \
    has "$T/t/m/report.md" '(weights `default`, 5 ms per move) against `material` (weights `material`, 300 nodes, 5 ms per move)'

run "$CFG" --set run.results_dir="$T/x" --set engine_b.depth=0 --set engine_b.nodes=200 \
    --set engine_b.command="$BIN uci" --set "engine_b.options=Hash=1" --set engine_b.tc=10+0.1
check "external player: exit 0" [ "$RC" -eq 0 ]
first "$T/x/m/report.md" >"$T/x.line"
check "external player: described by its command, options, limits and time control" \
    has "$T/x.line" "\`material\` (external \`$BIN uci\`, options \`Hash=1\`, 200 nodes per move, time control 10+0.1)"
check "external player: no weights of its own" eval '! grep -q "weights \`material\`" "$T/x.line"'

cat >"$T/sp.ini" <<'EOF2'
[run]
job = selfplay
name = sp
seed = 3
threads = 1

[engine_a]
nodes = 0
depth = 1
hash_mb = 1

[engine_b]
nodes = 0
depth = 1
hash_mb = 1

[match]
max_plies = 40

[selfplay]
games = 2
EOF2
run "$T/sp.ini" --set run.results_dir="$T/s"
check "depth-limited selfplay: the report gives the depth" \
    has "$T/s/sp/report.md" '(`default` against `default`, depth 1 per move, random openings'

echo "report_players: $((SECONDS - start)) s"
exit $((failures > 0))
