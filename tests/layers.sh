#!/usr/bin/env bash
# The source tree's shape: scripts/check_layers.sh passes on the tree and fails (naming the
# problem) when a file includes upward or two modules include each other; no function outside
# search/ is over 100 lines (scripts/long_functions.sh, which names one that is). (`make format-check`,
# run by .ci/run, checks the formatting.)
set -u
NAME=layers
source "$(dirname "$0")/lib/common.sh"

scripts/check_layers.sh >"$T/ok"; rc=$?
check "layers: the tree follows the rule, no cycle" eval '[ $rc -eq 0 ] && grep -q "no cycle" "$T/ok"'

# A copy of the sources with one include going upward (run/ may not know jobs/).
copy() { rm -rf "$T/src" && mkdir -p "$T/src" && cp -r core search tune cli "$T/src/"; }
copy
sed -i '0,/#include "config.h"/s//#include "config.h"\n#include "tune\/jobs\/common\/job.h"/' \
    "$T/src/tune/run/config.c"
scripts/check_layers.sh "$T/src" >"$T/up"; rc=$?
check "layers: an upward include fails, naming the files" \
    eval '[ $rc -eq 1 ] && grep -q "tune/run/config.c includes tune/jobs/common/job.h" "$T/up"'

# Two modules of one folder including each other: a cycle.
copy
sed -i '0,/#include "pair_task.h"/s//#include "pair_task.h"\n#include "tune\/play\/match.h"/' \
    "$T/src/tune/play/pair_task.c"
scripts/check_layers.sh "$T/src" >"$T/cycle"; rc=$?
check "layers: a cycle within a folder fails, naming its modules" \
    eval '[ $rc -eq 1 ] && grep -q "cycle" "$T/cycle" && grep -q "tune/play/match" "$T/cycle"'
# Functions: none over 100 lines outside search/; one of 101 lines is named with its length.
scripts/long_functions.sh >"$T/long"; rc=$?
check "layers: no function over 100 lines outside search/" eval '[ $rc -eq 0 ]'
[ $rc -eq 0 ] || cat "$T/long"
mkdir -p "$T/long_src"
{ echo "/* a long function */"; echo "static int long_one(int x)"; echo "{"
  for i in $(seq 1 98); do echo "    x += $i;"; done; echo "}"; } >"$T/long_src/f.c"
scripts/long_functions.sh "$T/long_src" >"$T/long101"; rc=$?
check "layers: a function of 101 lines is named with its length" \
    eval '[ $rc -eq 1 ] && grep -q "f.c:2: long_one 101 lines" "$T/long101"'
echo "layers: $((SECONDS - start)) s"
[ $failures -eq 0 ]
