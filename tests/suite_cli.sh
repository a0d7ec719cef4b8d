#!/usr/bin/env bash
# The suite job of `make run` (configs/default.ini) with tiny settings: the same config with 1 and
# 2 threads, and again after a kill in its second part and a resume, writes byte-identical
# results (every file of the folder and its part folders but run.txt, timing files and plots);
# a finished suite is not overwritten without --force.
set -u
bin=${BIN:-bin/maxtune}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tiny=(--set selfplay.games=40 --set values.pairs=4 --set values.calibration_pairs=8
      --set spsa.iterations=24 --set spsa.batch=4 --set spsa.verify_pairs=4
      --set engine_a.nodes=200 --set engine_b.nodes=200 --set match.max_plies=120)
run() { "$bin" run configs/default.ini --set run.results_dir="$1" "${@:2}" "${tiny[@]}" >"$1.log" 2>&1; }
same() { # compares the deterministic files of two suite folders, part folders included
  local a=$1/default b=$2/default f bad=0
  for f in $(cd "$a" && find . -type f | sort); do
    case "$f" in */run.txt|*/timing*|*.png) continue;; esac
    if [ "${f##*/}" = config.ini ]; then # threads and results_dir are allowed to differ
      diff -q <(grep -v -E '^(threads|results_dir) =' "$a/$f") \
              <(grep -v -E '^(threads|results_dir) =' "$b/$f") >/dev/null || { echo "  $f differs"; bad=1; }
      continue
    fi
    cmp -s "$a/$f" "$b/$f" || { echo "  $f differs"; bad=1; }
  done
  [ "$(cd "$a" && find . -type f ! -name run.txt ! -name '*.png' | sort)" = \
    "$(cd "$b" && find . -type f ! -name run.txt ! -name '*.png' | sort)" ] || { echo "  file lists differ"; bad=1; }
  return $bad
}
run "$tmp/t1" --set run.threads=1; rc1=$?
run "$tmp/t2" --set run.threads=2; rc2=$?
if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && same "$tmp/t1" "$tmp/t2"; then
  echo "PASS suite results identical with 1 and 2 threads"
else
  echo "FAIL suite results identical with 1 and 2 threads (exit $rc1/$rc2)"; tail -5 "$tmp/t1.log"
fi
for f in report.md summary.json config.ini run.txt values/report.md values/values.csv \
         spsa/report.md spsa/tuned.weights; do
  [ -s "$tmp/t1/default/$f" ] || echo "FAIL suite wrote default/$f"
done
if grep -q 'values/report.md' "$tmp/t1/default/report.md" && grep -q 'spsa/report.md' "$tmp/t1/default/report.md" &&
   grep -q '^Report: .*/default/report.md' "$tmp/t1.log" && grep -q '^SPSA verification' "$tmp/t1.log"; then
  echo "PASS suite report links both parts; the run ends with the headline numbers and the report"
else
  echo "FAIL suite report links both parts; the run ends with the headline numbers and the report"
fi
# Kill in the SPSA part (the values part finished), then resume with another thread count.
"$bin" run configs/default.ini --set run.results_dir="$tmp/k" --set run.threads=2 "${tiny[@]}" \
  >"$tmp/k.log" 2>&1 &
pid=$!
for _ in $(seq 800); do
  j=$tmp/k/default/spsa/checkpoint.journal
  [ -f "$j" ] && [ "$(wc -l < "$j")" -ge 8 ] && break
  sleep 0.025
done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
run "$tmp/k" --set run.threads=1; rc=$?
if [ $rc -eq 0 ] && grep -q "finished earlier, kept" "$tmp/k.log" && same "$tmp/t1" "$tmp/k"; then
  echo "PASS suite killed in its second part and resumed gives identical results"
else
  echo "FAIL suite killed in its second part and resumed gives identical results (exit $rc)"; tail -5 "$tmp/k.log"
fi
# A finished suite is refused without --force and left alone; --force runs it over.
before=$(cat "$tmp/t1/default/summary.json")
run "$tmp/t1"; rc=$?
if [ $rc -eq 2 ] && [ "$before" = "$(cat "$tmp/t1/default/summary.json")" ] && grep -q -- "--force" "$tmp/t1.log"; then
  echo "PASS finished suite is not overwritten without --force"
else
  echo "FAIL finished suite is not overwritten without --force (exit $rc)"
fi
run "$tmp/t1" --force --set run.threads=2; rc=$?
if [ $rc -eq 0 ] && same "$tmp/t1" "$tmp/t2"; then
  echo "PASS suite --force runs it over with the same results"
else
  echo "FAIL suite --force runs it over with the same results (exit $rc)"
fi
