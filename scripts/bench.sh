#!/usr/bin/env bash
# make bench: prints the speed figures of maxtune on this machine.
#  1. perft nodes/s, one thread: the start position to depth 5 and the reference positions of
#     tests/data/reference/perft.epd at depth 3 (target: 10 million nodes/s).
#  2. search nodes/s with the full evaluation: `maxtune bench` on v4's weights (target: 1.5
#     million nodes/s), then the default's node count.
#  3. match throughput: games/s at 2000 nodes per move with 1 and 2 threads, the parallel
#     efficiency and the time spent outside the search (targets: 90% and 2%).
#  3b. the same match with both players external `maxtune uci` processes, each run paired with
#     an in-process one: games/s, their ratio to in-process (target: 85% or more) and the 2-thread
#     efficiency (target: 90%); then the ratio with [run] affinity = off, for comparison.
#  4. the outcome fit: loss + gradient positions/s, a 1-million-position fit, interval coverage.
# Each figure is the median of several runs; ratios are taken within one run of this script.
set -eu
bin=${1:-bin/maxtune}
refdata=tests/data/reference
reps=${BENCH_REPS:-3}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }

echo "== perft (one thread) =="
for r in $(seq "$reps"); do
  t0=$(now); n=$("$bin" perft start 5 | awk 'END {print $NF}'); t1=$(now)
  echo "$n $t0 $t1" | awk '{printf "%.0f\n", $1 / ($3 - $2)}'
done | median | awk '{printf "perft start depth 5: 196732409 nodes, median %.2f million nodes/s\n", $1 / 1e6}'
if [ -f "$refdata/perft.epd" ]; then
  total=0; t0=$(now)
  while IFS= read -r line; do
    case "$line" in '#'*|'') continue;; esac
    fen=${line%% ;*}
    n=$("$bin" perft "$fen" 3 | awk 'END {print $NF}')
    total=$((total + n))
  done < "$refdata/perft.epd"
  t1=$(now)
  echo "$total $t0 $t1" | awk '{printf "perft reference positions depth 3: %d nodes, %.2f million nodes/s (includes process start-up per position)\n", $1, $1 / ($3 - $2) / 1e6}'
fi

echo "== search (one thread, full evaluation) =="
# Timed on v4's tree (configs/v4.weights, bench/signature_v4), the tree docs/figures.md's
# nodes/s row and the reference program b40ba5a search; the default's tree is counted once.
for r in $(seq "$reps"); do
  "$bin" bench 7 --weights configs/v4.weights | awk '/^bench:/ {print $4, $2}'
done > /tmp/maxtune-bench.$$
awk '{print $1}' /tmp/maxtune-bench.$$ | median |
  awk '{printf "search bench depth 7, v4 weights: median %.0f nodes/s\n", $1}'
awk 'NR==1 {print "node-count signature, v4 weights: " $2}' /tmp/maxtune-bench.$$
"$bin" bench 7 | awk '/^bench:/ {print "node-count signature, the default weights: " $2 ", " $4 " nodes/s"}'
rm -f /tmp/maxtune-bench.$$

echo "== match throughput (2000 nodes per move), in-process and external engines =="
# 3 and 3b. Each repetition plays the match in-process, then with both players external
# `maxtune uci` processes (two per thread, hash size and weights as options): the ratio of a
# repetition compares runs a few seconds apart, which this noisy machine needs; the games must
# be the same.
tmp=$(mktemp -d)
hash=$("$bin" config configs/match.ini | awk -F' = ' '/^hash_mb/ {print $2; exit}')
# Plays the 40-pair match with $1 threads into $tmp/$2 (more --set arguments after); prints its
# games/s and fraction of time outside the search.
match_run() {
  local threads=$1 dir=$tmp/$2
  shift 2
  "$bin" run configs/match.ini --force --set run.results_dir="$dir" --set run.threads="$threads" \
    --set match.pairs=40 "$@" >/dev/null 2>&1
  awk -F'[:,]' '/games_per_second/ {g=$2} /fraction_outside_search/ {f=$2} END {print g, f}' \
    "$dir"/*/timing.json
}
for threads in 1 2; do
  same=yes
  for r in $(seq "$reps"); do
    read -r gin fin < <(match_run "$threads" "t$threads")
    ext=(--set "engine_a.command=$bin uci" --set "engine_a.options=Hash=$hash, Weights=default"
      --set "engine_b.command=$bin uci" --set "engine_b.options=Hash=$hash, Weights=material")
    read -r gex _ < <(match_run "$threads" "x$threads" "${ext[@]}")
    cmp -s "$tmp/t$threads"/*/games.pgn "$tmp/x$threads"/*/games.pgn || same=no
    read -r gfree _ < <(match_run "$threads" "f$threads" "${ext[@]}" --set run.affinity=off)
    echo "$gin $fin $gex $(awk -v x="$gex" -v i="$gin" 'BEGIN {print x / i}') $gfree" \
      "$(awk -v x="$gfree" -v i="$gin" 'BEGIN {print x / i}')"
  done > "$tmp/r$threads"
  gps=$(awk '{print $1}' "$tmp/r$threads" | median)
  out=$(awk '{print $2}' "$tmp/r$threads" | median)
  xgps=$(awk '{print $3}' "$tmp/r$threads" | median)
  ratio=$(awk '{print $4}' "$tmp/r$threads" | median)
  free=$(awk '{print $6}' "$tmp/r$threads" | median)
  what="time outside the search"
  [ "$threads" -gt 1 ] && what="$what (incl. threads idle at the end of the run)"
  echo "threads $threads: in-process median $gps games/s, $what $(awk -v f="$out" 'BEGIN {printf "%.2f%%", 100 * f}')"
  echo "threads $threads: external median $xgps games/s; external/in-process, median of $reps paired runs: $(awk -v r="$ratio" 'BEGIN {printf "%.1f%%", 100 * r}') ($(awk '{printf "%s%.1f%%", sep, 100 * $4; sep = " "}' "$tmp/r$threads")), games identical: $same"
  echo "threads $threads: external with affinity = off (threads and engines not pinned): $(awk -v r="$free" 'BEGIN {printf "%.1f%%", 100 * r}') of in-process"
  eval "gps$threads=$gps xgps$threads=$xgps"
done
awk -v a="$gps1" -v b="$gps2" 'BEGIN {printf "parallel efficiency at 2 threads: %.1f%%\n", 100 * b / (2 * a)}'
awk -v a="$xgps1" -v b="$xgps2" 'BEGIN {printf "external parallel efficiency at 2 threads: %.1f%%\n", 100 * b / (2 * a)}'
rm -rf "$tmp"

echo "== outcome fit (tune/stats/fit.c, synthetic data) =="
# 4. loss + gradient positions/s per thread (target: 5 million) and a whole fit of 1 million
#    positions over all weights (target: under a minute); coverage of the 95% intervals over
#    500 seeds (target: near 95%), in the easy design and the hard one (drifting plies, side to
#    move alternating, result from the last position; 150 and 1500 games), with Monte-Carlo
#    errors over seeds (about 90 s).
fit_bench=${BENCH_DIR:-build/bench}/fit_bench
if [ -x "$fit_bench" ]; then
  "$fit_bench" speed 1000000
  "$fit_bench" coverage 500
else
  echo "($fit_bench not built: run make bench)"
fi
