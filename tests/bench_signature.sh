#!/usr/bin/env bash
# The search's node-count signatures: `maxtune bench 7 [--variant GAME]` (fixed positions, fixed
# depth) must visit exactly the node count in bench/signature (Maxima), bench/signature_ultima,
# bench/signature_martian and bench/signature_martian4. A change to the search or the evaluation
# changes them; update them on purpose, with the strength match that shows the change is better.
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
[ $failures -eq 0 ]
