#!/usr/bin/env bash
# The search's node-count signatures: `maxtune bench 7 [--variant GAME]` (fixed positions, fixed
# depth) must visit exactly the node count in bench/signature (Maxima), bench/signature_ultima,
# bench/signature_martian and bench/signature_martian4. A change to the search or the evaluation
# changes them; update them on purpose, with the strength match that shows the change is better.
# bench/signature_v4 is Maxima's with --weights configs/v4.weights (the default before v5, and
# the reference build's in scripts/bench_paired.sh): a new default leaves it as it is.
set -u
NAME=bench_signature
source "$(dirname "$0")/lib/common.sh"
for game in maxima ultima martian martian4; do
    file=bench/signature_$game
    [ $game = maxima ] && file=bench/signature
    want=$(tr -d ' \n' <"$file")
    got=$("$BIN" bench 7 --variant $game | awk '/^bench:/ {print $2}')
    check "bench 7 --variant $game node signature $got = $file ($want)" [ "$got" = "$want" ]
done
want=$(tr -d ' \n' <bench/signature_v4)
got=$("$BIN" bench 7 --weights configs/v4.weights | awk '/^bench:/ {print $2}')
check "bench 7 --weights configs/v4.weights node signature $got = bench/signature_v4 ($want)" \
    [ "$got" = "$want" ]
"$BIN" bench 2 --weights "$T/none.weights" >"$T/out" 2>"$T/err"
rc=$? lines=$(wc -l <"$T/err")
check "bench --weights with a missing file: exit 2 ($rc), one line ($lines)" \
    [ $rc -eq 2 -a "$lines" -eq 1 ]
check "bench --weights with a missing file: the line names it" grep -q "none.weights" "$T/err"
"$BIN" bench 2 --weights >"$T/out" 2>"$T/err"
rc=$?
check "bench --weights without a file: exit 2 ($rc)" [ $rc -eq 2 ]
check "bench --weights without a file: says so" grep -q "needs a file" "$T/err"
[ $failures -eq 0 ]
