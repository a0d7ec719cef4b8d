#!/usr/bin/env bash
# Strength sanity checks (a benchmark, not a unit test): depth d+1 against depth d, and the
# default weights against material-only weights, in short matches. Prints the cutechess-style
# result of each. Usage: scripts/strength.sh [PAIRS] (default 100 pairs per match).
set -eu
bin=${BIN:-bin/maxtune}
pairs=${1:-100}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
match() {
  local label=$1; shift
  echo "== $label =="
  "$bin" run configs/match.ini --set run.results_dir="$tmp" --set run.name="m$RANDOM" \
    --set match.pairs="$pairs" "$@" 2>/dev/null | grep -E "^(Score|Elo|Pentanomial)"
}
for d in 2 3 4; do
  match "depth $((d + 1)) vs depth $d (default weights)" \
    --set engine_a.name=depth$((d + 1)) --set engine_a.nodes=0 --set engine_a.depth=$((d + 1)) \
    --set engine_b.name=depth$d --set engine_b.nodes=0 --set engine_b.depth=$d \
    --set engine_b.weights=default
done
match "default vs material-only weights, 2000 nodes per move"
