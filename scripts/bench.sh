#!/usr/bin/env bash
# make bench: prints the speed figures of maxtune on this machine.
#  1. perft nodes/s, one thread: the start position to depth 5 and the reference positions of
#     ../shared/data/perft.epd at depth 3 (target: 10 million nodes/s).
#  2. search nodes/s with the full evaluation: `maxtune bench` (target: 1.5 million nodes/s).
#  3. match throughput: games/s at 2000 nodes per move with 1 and 2 threads, the parallel
#     efficiency and the time spent outside the search (targets: 90% and 2%).
#  3b. the same match with both players external `maxtune uci` processes: games/s against the
#     in-process figures, and the 2-thread efficiency.
#  4. the outcome fit: loss + gradient positions/s, a 1-million-position fit, interval coverage.
# Each figure is the median of several runs; ratios are taken within one run of this script.
set -eu
bin=${1:-bin/maxtune}
shared=${SHARED:-../shared}
reps=${BENCH_REPS:-3}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }

echo "== perft (one thread) =="
for r in $(seq "$reps"); do
  t0=$(now); n=$("$bin" perft start 5 | awk 'END {print $NF}'); t1=$(now)
  echo "$n $t0 $t1" | awk '{printf "%.0f\n", $1 / ($3 - $2)}'
done | median | awk '{printf "perft start depth 5: 196732409 nodes, median %.2f million nodes/s\n", $1 / 1e6}'
if [ -f "$shared/data/perft.epd" ]; then
  total=0; t0=$(now)
  while IFS= read -r line; do
    case "$line" in '#'*|'') continue;; esac
    fen=${line%% ;*}
    n=$("$bin" perft "$fen" 3 | awk 'END {print $NF}')
    total=$((total + n))
  done < "$shared/data/perft.epd"
  t1=$(now)
  echo "$total $t0 $t1" | awk '{printf "perft reference positions depth 3: %d nodes, %.2f million nodes/s (includes process start-up per position)\n", $1, $1 / ($3 - $2) / 1e6}'
fi

echo "== search (one thread, full evaluation) =="
for r in $(seq "$reps"); do "$bin" bench 7 | awk '/^bench:/ {print $4, $2}'; done > /tmp/maxtune-bench.$$
awk '{print $1}' /tmp/maxtune-bench.$$ | median | awk '{printf "search bench depth 7: median %.0f nodes/s\n", $1}'
awk 'NR==1 {print "node-count signature: " $2}' /tmp/maxtune-bench.$$
rm -f /tmp/maxtune-bench.$$

echo "== match throughput (2000 nodes per move) =="
tmp=$(mktemp -d)
for threads in 1 2; do
  for r in $(seq "$reps"); do
    "$bin" run configs/match.ini --force --set run.results_dir="$tmp/t$threads" \
      --set run.threads=$threads --set match.pairs=40 >/dev/null 2>&1
    awk -F'[:,]' '/games_per_second/ {g=$2} /fraction_outside_search/ {f=$2} END {print g, f}' \
      "$tmp/t$threads"/*/timing.json
  done > "$tmp/r$threads"
  gps=$(awk '{print $1}' "$tmp/r$threads" | median)
  out=$(awk '{print $2}' "$tmp/r$threads" | median)
  what="time outside the search"
  [ "$threads" -gt 1 ] && what="$what (incl. threads idle at the end of the run)"
  echo "threads $threads: median $gps games/s, $what $(awk -v f="$out" 'BEGIN {printf "%.2f%%", 100 * f}')"
  eval "gps$threads=$gps"
done
awk -v a="$gps1" -v b="$gps2" 'BEGIN {printf "parallel efficiency at 2 threads: %.1f%%\n", 100 * b / (2 * a)}'

echo "== external engines (the same match, both players \`$bin uci\` processes) =="
# 3b. the cost of the protocol: games/s when both players are external maxtune processes (two
#     per thread, hash size and weights as options), against the in-process figures above, and
#     their 2-thread efficiency; the games must be the in-process ones.
hash=$("$bin" config configs/match.ini | awk -F' = ' '/^hash_mb/ {print $2; exit}')
for threads in 1 2; do
  for r in $(seq "$reps"); do
    "$bin" run configs/match.ini --force --set run.results_dir="$tmp/x$threads" \
      --set run.threads=$threads --set match.pairs=40 \
      --set "engine_a.command=$bin uci" --set "engine_a.options=Hash=$hash, Weights=default" \
      --set "engine_b.command=$bin uci" --set "engine_b.options=Hash=$hash, Weights=material" \
      >/dev/null 2>&1
    awk -F'[:,]' '/games_per_second/ {print $2}' "$tmp/x$threads"/*/timing.json
  done > "$tmp/e$threads"
  xgps=$(median < "$tmp/e$threads")
  same=no
  cmp -s "$tmp/t$threads"/*/games.pgn "$tmp/x$threads"/*/games.pgn && same=yes
  eval "in=\$gps$threads"
  echo "threads $threads: median $xgps games/s external vs $in in-process ($(awk -v x="$xgps" -v i="$in" 'BEGIN {printf "%.1f%%", 100 * x / i}')), games identical: $same"
  eval "xgps$threads=$xgps"
done
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
