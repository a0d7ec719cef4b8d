#!/usr/bin/env bash
# Runs a small match, SPSA, fit and values run with 2 threads under ThreadSanitizer (clang, libomp
# with the Archer tool so that OpenMP synchronisation is visible) and fails on any report. The fit
# runs on 8 games: a light regularisation keeps every weight determined whatever games they are.
set -u
bin=$1
archer=$(ls /usr/lib/llvm-*/lib/libarcher.so 2>/dev/null | tail -1)
export OMP_TOOL_LIBRARIES=$archer TSAN_OPTIONS="halt_on_error=1 exitcode=66 ignore_noninstrumented_modules=1 suppressions=$(pwd)/scripts/tsan.supp" OMP_NUM_THREADS=2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$bin" run configs/match.ini --set run.results_dir="$tmp" --set match.pairs=4 \
  --set engine_a.nodes=300 --set engine_b.nodes=300 --set run.threads=2 >"$tmp/match.log" 2>&1 \
  && echo "PASS tsan match" || { echo "FAIL tsan match"; tail -30 "$tmp/match.log"; fail=$((fail + 1)); }
"$bin" run configs/default.ini --set run.results_dir="$tmp" --set run.job=spsa --set spsa.iterations=16 \
  --set spsa.verify_pairs=2 --set engine_a.nodes=300 --set run.threads=2 >"$tmp/spsa.log" 2>&1 \
  && echo "PASS tsan spsa" || { echo "FAIL tsan spsa"; tail -30 "$tmp/spsa.log"; fail=$((fail + 1)); }
"$bin" run configs/fit.ini --set run.results_dir="$tmp" --set selfplay.games=8 \
  --set engine_a.nodes=300 --set engine_b.nodes=300 --set fit.verify_pairs=2 \
  --set fit.bootstrap=2 --set fit.regularize=0.001 --set run.threads=2 >"$tmp/fit.log" 2>&1 \
  && echo "PASS tsan fit" || { echo "FAIL tsan fit"; tail -30 "$tmp/fit.log"; fail=$((fail + 1)); }
"$bin" run configs/values.ini --set run.results_dir="$tmp" --set selfplay.games=8 \
  --set engine_a.nodes=300 --set engine_b.nodes=300 --set values.pairs=1 \
  --set values.calibration_pairs=2 --set run.threads=2 >"$tmp/values.log" 2>&1 \
  && echo "PASS tsan values" || { echo "FAIL tsan values"; tail -30 "$tmp/values.log"; fail=$((fail + 1)); }
echo "$((4 - fail)) passed, $fail failed"
exit $fail
