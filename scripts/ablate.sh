#!/usr/bin/env bash
# Measures what each named evaluation term is worth in play: for each term, a match of WEIGHTS
# against WEIGHTS with that term's two weights at 0 (PAIRS game pairs at 2000 nodes per move,
# seed 77), printed as the Elo of the full weights over the ablated ones.
# Usage: scripts/ablate.sh WEIGHTS [PAIRS] [TERM...]
#   (default terms: the five King and Pincer terms of the richer evaluation)
# Example: scripts/ablate.sh results/tune-strength/final.weights 250
set -euo pipefail
weights=$1 pairs=${2:-250}
shift $(( $# > 1 ? 2 : 1 ))
terms=("$@")
[ ${#terms[@]} -gt 0 ] || terms=(king_frozen immobilizer_king guard_shelter king_wrap_pressure pincer_support)
bin=${BIN:-bin/maxtune}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in "${terms[@]}"; do
  # Every weight of WEIGHTS but the term's, then the term at 0 (a weights file sets a weight once).
  "$bin" weights "$weights" | grep -v "^$t\.\(mg\|eg\) " > "$tmp/$t.weights"
  echo "$t = 0" >> "$tmp/$t.weights"
  "$bin" run configs/match.ini --set run.results_dir="$tmp/out-$t" --set run.seed=77 \
    --set match.pairs="$pairs" --set engine_a.name=full --set engine_a.weights="$weights" \
    --set engine_b.name="no_$t" --set engine_b.weights="$tmp/$t.weights" > "$tmp/$t.log" 2>&1
  echo "$t: $(grep 'Elo difference' "$tmp/$t.log")"
done
