#!/usr/bin/env bash
# make bench-mpi: match throughput (games/s) of bin/maxtune-mpi under mpirun, for MPI ranks x
# OpenMP threads combinations that fill the machine's cores, against the plain program with 1
# thread and with every core. Also checks that every combination wrote the same games.
#
# usage: scripts/bench_mpi.sh [BIN [MPIBIN]]   (defaults: bin/maxtune, bin/maxtune-mpi)
# Environment: CORES (default: nproc), PAIRS (pairs per run, default 40), BENCH_REPS (runs
# per figure, median taken; default 3), NODES (nodes per move, default configs/match.ini's 2000),
# COMBOS (e.g. "1x2 2x1": ranks x threads; default: powers of two ranks, cores / ranks threads).
# games/s is timing.json's figure (rank 0's time inside the match, start-up excluded); "wall"
# is the whole command, mpirun's start-up included. Ranks are not bound to cores
# (--bind-to none): each rank's threads share the cores with the others'.
set -eu
bin=${1:-bin/maxtune}
mpibin=${2:-bin/maxtune-mpi}
cores=${CORES:-$(nproc)}
pairs=${PAIRS:-40}
reps=${BENCH_REPS:-3}
nodes=${NODES:-2000}
if [ -z "${COMBOS:-}" ]; then
  COMBOS=""
  for ((r = 1; r <= cores; r *= 2)); do COMBOS="$COMBOS ${r}x$((cores / r))"; done
fi
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
common=(configs/match.ini --force --set match.pairs="$pairs" --set engine_a.nodes="$nodes"
        --set engine_b.nodes="$nodes")

# Runs configuration $1 (label $2; $3 cores used, $4 threads per rank) with the command $5...
# (up to `run`) $reps times; prints its median games/s, wall time and efficiency (games/s over
# the plain 1-thread figure times the cores used), and checks its games against the first.
measure() {
  local name=$1 label=$2 used=$3 threads=$4 r t0 t1 gps wall
  shift 4
  for r in $(seq "$reps"); do
    t0=$(now)
    "$@" run "${common[@]}" --set run.results_dir="$tmp/$name" --set run.threads="$threads" \
      >"$tmp/$name.log" 2>&1 || { echo "$label: failed"; tail -5 "$tmp/$name.log"; exit 1; }
    t1=$(now)
    gps=$(awk -F'[:,]' '/games_per_second/ {print $2}' "$tmp/$name"/*/timing.json)
    echo "$gps $t0 $t1" | awk '{printf "%s %.2f\n", $1, $3 - $2}'
  done >"$tmp/$name.r"
  gps=$(awk '{print $1}' "$tmp/$name.r" | median)
  wall=$(awk '{print $2}' "$tmp/$name.r" | median)
  [ -n "$base" ] || base=$gps
  printf "%-30s %9.2f %8.2f %10s\n" "$label" "$gps" "$wall" \
    "$(awk -v g="$gps" -v b="$base" -v u="$used" 'BEGIN {printf "%.0f%%", 100 * g / (b * u)}')"
  [ -n "$ref" ] || ref=$(ls "$tmp/$name"/*/games.pgn)
  cmp -s "$tmp/$name"/*/games.pgn "$ref" || { echo "$label: games differ from the plain run"; exit 1; }
}

echo "== match throughput: $pairs pairs at $nodes nodes per move, $cores cores, median of $reps =="
printf "%-30s %9s %8s %10s\n" "configuration" "games/s" "wall s" "efficiency"
base="" ref=""
measure plain1 "plain, 1 thread" 1 1 "$bin"
[ "$cores" -gt 1 ] && measure plainc "plain, $cores threads" "$cores" "$cores" "$bin"
for c in $COMBOS; do
  r=${c%x*} t=${c#*x}
  used=$((r * t < cores ? r * t : cores))
  measure "mpi${r}x$t" "mpi, $r ranks x $t threads" "$used" "$t" \
    mpirun -np "$r" --bind-to none "$mpibin"
done
