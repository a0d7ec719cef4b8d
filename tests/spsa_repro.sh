#!/usr/bin/env bash
# Reproducibility of a whole SPSA run (the SPSA part of configs/default.ini, run alone): the same
# config with 1 and 2 threads, and again after a kill and resume, writes byte-identical results
# (all files but run.txt and timing files).
set -u
bin=${BIN:-bin/maxtune}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
common=(--set run.job=spsa --set spsa.iterations=24 --set spsa.batch=4 --set spsa.verify_pairs=4
        --set engine_a.nodes=200 --set match.max_plies=120)
run() { "$bin" run configs/default.ini --set run.results_dir="$1" "${@:2}" "${common[@]}" >"$1.log" 2>&1; }
same() { # compares the deterministic files of two run folders
  local a=$1/default b=$2/default f bad=0
  for f in $(cd "$a" && ls); do
    case "$f" in run.txt|timing*|*.png) continue;; esac
    if [ "$f" = config.ini ]; then # threads and results_dir are allowed to differ
      diff -q <(grep -v -E '^(threads|results_dir) =' "$a/$f") \
              <(grep -v -E '^(threads|results_dir) =' "$b/$f") >/dev/null || { echo "  $f differs"; bad=1; }
      continue
    fi
    cmp -s "$a/$f" "$b/$f" || { echo "  $f differs"; bad=1; }
  done
  return $bad
}
run "$tmp/t1" --set run.threads=1; rc1=$?
run "$tmp/t2" --set run.threads=2; rc2=$?
if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && same "$tmp/t1" "$tmp/t2"; then
  echo "PASS spsa results identical with 1 and 2 threads"
else
  echo "FAIL spsa results identical with 1 and 2 threads (exit $rc1/$rc2)"; tail -5 "$tmp/t1.log"
fi
# Kill in the middle, then resume.
"$bin" run configs/default.ini --set run.results_dir="$tmp/k" --set run.threads=2 \
  "${common[@]}" >"$tmp/k.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
  [ -f "$tmp/k/default/checkpoint.journal" ] && [ "$(wc -l < "$tmp/k/default/checkpoint.journal")" -ge 8 ] && break
  sleep 0.05
done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
run "$tmp/k" --set run.threads=1; rc=$?
if [ $rc -eq 0 ] && same "$tmp/t1" "$tmp/k"; then
  echo "PASS spsa killed and resumed gives identical results"
else
  echo "FAIL spsa killed and resumed gives identical results (exit $rc)"; tail -5 "$tmp/k.log"
fi
# Rerunning a finished run is refused and leaves the files alone.
before=$(cat "$tmp/t1/default/summary.json")
run "$tmp/t1"; rc=$?
if [ $rc -eq 2 ] && [ "$before" = "$(cat "$tmp/t1/default/summary.json")" ] && grep -q -- "--force" "$tmp/t1.log"; then
  echo "PASS finished spsa run is not overwritten without --force"
else
  echo "FAIL finished spsa run is not overwritten without --force (exit $rc)"
fi
