#!/usr/bin/env bash
# A full disk: a run that cannot write its checkpoint or results stops with a clear message and
# a non-zero exit, and another run's files on the same disk stay intact. Needs a small tmpfs;
# where mounting one is not allowed (not root), the check is skipped. 320k: a small run with its
# report.html (about 65 KB, written next to its live version) fits, a 400-pair one does not.
set -u
bin=${BIN:-bin/maxtune}
[ "$(id -u)" -eq 0 ] || { echo "skip: not root, cannot mount a small tmpfs"; exit 0; }
dir=$(mktemp -d)
if ! mount -t tmpfs -o size=320k tmpfs "$dir" 2>/dev/null; then
  echo "skip: cannot mount a tmpfs here"; rmdir "$dir"; exit 0
fi
trap 'umount "$dir" 2>/dev/null; rmdir "$dir"' EXIT
small=(--set run.results_dir="$dir" --set engine_a.nodes=150 --set engine_b.nodes=150)
"$bin" run configs/match.ini --set run.name=small --set match.pairs=4 "${small[@]}" >/dev/null 2>&1
rc=$?
sum=$(cat "$dir"/small/* 2>/dev/null | md5sum)
if [ $rc -eq 0 ]; then echo "PASS small run fits on the small disk"; else echo "FAIL small run fits on the small disk (exit $rc)"; fi
"$bin" run configs/match.ini --set run.name=big --set match.pairs=400 "${small[@]}" >/dev/null 2>"$dir.err"
rc=$?
if [ $rc -ne 0 ] && [ $rc -lt 128 ] && grep -q -i -E "no space|could not be .*saved|cannot write" "$dir.err"; then
  echo "PASS full disk: clear error, exit $rc"
else
  echo "FAIL full disk: clear error (exit $rc): $(tail -2 "$dir.err")"
fi
if [ "$(cat "$dir"/small/* 2>/dev/null | md5sum)" = "$sum" ]; then
  echo "PASS full disk: the other run's files are intact"
else
  echo "FAIL full disk: the other run's files changed"
fi
if ! ls "$dir"/big/*.tmp >/dev/null 2>&1 && [ ! -f "$dir/big/summary.json" ]; then
  echo "PASS full disk: no half-written result file"
else
  echo "FAIL full disk: a half-written result file was left"
fi
rm -f "$dir.err"
