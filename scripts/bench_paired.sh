#!/usr/bin/env bash
# make bench-paired (and the end of make bench): the program against a reference build, run in
# interleaved pairs so that both meet the same machine load, and the ratio of each pair.
#   usage: scripts/bench_paired.sh BIN [REF_COMMIT]   (REF_COMMIT: default b40ba5a)
# The reference is built from REF_COMMIT in its own git worktree, build/ref-<commit>/, the same
# kind of build (make PGO=1), once; later runs reuse it. For each of BENCH_PAIRS pairs (default
# 9; the order inside a pair alternates) it times
#   1. `maxtune bench 7`: its nodes/s (the node counts must agree: the same search); the
#      program searches with BENCH_WEIGHTS (default configs/v4.weights, the built-in default of
#      b40ba5a), the reference with them too where its bench takes --weights, else with its
#      built-in default, so that both search the same tree after the default moved on (v5 since
#      issue 42);
#   2. `maxtune perft start 5` (Maxima): nodes/s;
#   3. a 1-thread match at 2000 nodes per move (configs/match.ini, BENCH_MATCH_PAIRS game pairs,
#      default 10): games/s from its timing.json (the games must be the same);
# and prints each pair's ratio (program / reference), the median ratio and a distribution-free
# interval for it (the sign test's order statistics, scripts/median_interval.awk: about 96% for
# 9 pairs, the 2nd to the 8th ratio); the target is met with confidence only where the whole
# interval clears it. Then, unless
# BENCH_CALLGRIND=0, callgrind's instruction count of `maxtune bench 5` for both, which does not
# depend on the machine's load, and their ratio.
set -eu
bin=$(realpath "${1:-bin/maxtune}")
ref_commit=${2:-b40ba5a}
pairs=${BENCH_PAIRS:-9}
match_pairs=${BENCH_MATCH_PAIRS:-10}
weights=${BENCH_WEIGHTS:-configs/v4.weights}
root=$(git rev-parse --show-toplevel)
ref_hash=$(git rev-parse --short "$ref_commit^{commit}")
ref_dir=$root/build/ref-$ref_hash
ref_bin=$ref_dir/bin/maxtune

if [ ! -x "$ref_bin" ]; then
  echo "building the reference $ref_hash in $ref_dir (make PGO=1) ..."
  [ -d "$ref_dir" ] || git worktree add --detach "$ref_dir" "$ref_hash" >/dev/null
  make -C "$ref_dir" PGO=1 >"$root/build/ref-$ref_hash.log" 2>&1 ||
    { echo "reference build failed: see build/ref-$ref_hash.log"; exit 1; }
fi

# The median of the numbers on stdin (scripts/median_interval.awk's: the lower middle one).
median() { awk -f "$root/scripts/median_interval.awk" | awk '{print $1}'; }
now() { date +%s.%N; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One timed run of benchmark $1 with binary $2 (and bench's further arguments $3...); prints its
# figure (nodes/s or games/s) and a fingerprint of its result (node count, games) that both
# binaries must share.
run_one() {
  local what=$1 b=$2 t0 t1 out
  shift 2
  case $what in
  bench)
    "$b" bench 7 "$@" | awk '/^bench:/ {print $4, $2}' ;;
  perft)
    t0=$(now); out=$("$b" perft start 5 | awk 'END {print $NF}'); t1=$(now)
    echo "$out $t0 $t1" | awk '{printf "%.0f %s\n", $1 / ($3 - $2), $1}' ;;
  match)
    rm -rf "$tmp/m"
    "$b" run configs/match.ini --force --set run.results_dir="$tmp/m" --set run.threads=1 \
      --set match.pairs="$match_pairs" >/dev/null 2>&1
    awk -F'[:,]' '/games_per_second/ {print $2}' "$tmp"/m/*/timing.json | tr -d ' ' | tr '\n' ' '
    md5sum "$tmp"/m/*/games.pgn | awk '{print $1}' ;;
  esac
}

# The reference's bench arguments: BENCH_WEIGHTS where its bench takes --weights (b40ba5a's does
# not: its default is those weights).
ref_args=()
"$ref_bin" bench --help 2>&1 | grep -q -- --weights && ref_args=(--weights "$weights")

echo "== paired runs: $bin against $ref_hash ($pairs pairs, interleaved) =="
for what in bench perft match; do
  for r in $(seq "$pairs"); do
    if [ $((r % 2)) -eq 1 ]; then
      read -r new newfp < <(run_one "$what" "$bin" --weights "$weights")
      read -r old oldfp < <(run_one "$what" "$ref_bin" "${ref_args[@]}")
    else
      read -r old oldfp < <(run_one "$what" "$ref_bin" "${ref_args[@]}")
      read -r new newfp < <(run_one "$what" "$bin" --weights "$weights")
    fi
    same=yes
    [ "$newfp" = "$oldfp" ] || same=no
    echo "$new $old $same" | awk '{printf "%s %s %.4f %s\n", $1, $2, $1 / $2, $3}'
  done >"$tmp/$what"
  ratios=$(awk '{printf "%s%.3f", sep, $3; sep = " "}' "$tmp/$what")
  diff=$(awk '$4 == "no"' "$tmp/$what" | wc -l)
  unit="nodes/s"; [ "$what" = match ] && unit="games/s"
  read -r mid lo hi cov < <(awk '{print $3}' "$tmp/$what" | awk -f "$root/scripts/median_interval.awk")
  printf '%-6s median %s %s vs reference %s; median ratio %.3f, %s%% interval %.3f-%.3f (pairs: %s); results differ in %d pairs\n' \
    "$what" "$(awk '{print $1}' "$tmp/$what" | median)" "$unit" \
    "$(awk '{print $2}' "$tmp/$what" | median)" "$mid" "$cov" "$lo" "$hi" "$ratios" "$diff"
done

if [ "${BENCH_CALLGRIND:-1}" != 0 ] && command -v valgrind >/dev/null; then
  echo "== callgrind instructions of bench 5 (independent of the machine's load) =="
  for b in "$bin" "$ref_bin"; do
    args=("${ref_args[@]}"); [ "$b" = "$bin" ] && args=(--weights "$weights")
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$b" bench 5 "${args[@]}" 2>&1 >/dev/null |
      awk '/refs:/ {gsub(",", "", $NF); print $NF}'
  done >"$tmp/cg"
  awk 'NR == 1 {n = $1} NR == 2 {r = $1} END {printf "program %.0f, reference %.0f instructions: ratio %.3f\n", n, r, n / r}' "$tmp/cg"
fi
