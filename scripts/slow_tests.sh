#!/usr/bin/env bash
# Slow checks kept out of `make test`: the depth-5 start-position perft (196,732,409).
set -eu
bin=$1
want=196732409
got=$("$bin" perft start 5 | tail -1 | awk '{print $NF}')
if [ "$got" = "$want" ]; then echo "perft start 5: $got ok"; echo "1 passed, 0 failed";
else echo "perft start 5: got $got, want $want"; echo "0 passed, 1 failed"; exit 1; fi
