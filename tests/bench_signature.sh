#!/usr/bin/env bash
# The search's node-count signature: `maxtune bench 7` (fixed positions, fixed depth) must visit
# exactly the node count in bench/signature. A change to the search or the evaluation changes it;
# update bench/signature on purpose, with the strength match that shows the change is better.
set -u
NAME=bench_signature
source "$(dirname "$0")/lib/common.sh"
want=$(tr -d ' \n' <bench/signature)
got=$("$BIN" bench 7 | awk '/^bench:/ {print $2}')
check "bench 7 node signature $got = bench/signature ($want)" [ "$got" = "$want" ]
[ $failures -eq 0 ]
