#!/usr/bin/env bash
# make test: alone (it measures time: run by itself, after the tests that run side by side)
# uci_clock.sh: the time `maxtune uci` gives itself for a `go` with a clock, for each colour.
#
# For White and for Black to move, with the two sides' times and increments all different, the
# `info string time T ms, increment I ms, moves to go N: soft limit S ms, hard limit H ms` line
# must name the side to move's own time and increment, and S and H must be what README's formula
# gives (computed here, independently): left = time - 30 ms (at least 1), share = left /
# (movestogo, or 30 without) + 3/4 of the increment; hard = min(3 shares, left / 2), capped by
# movetime; soft = min(share / 2, hard); both at least 1. The increments are multiples of 4, so
# 3/4 of one is exact. Prints one "PASS name" or "FAIL name" line per check; exits 1 if any
# failed. Environment: BIN (default bin/maxtune).
set -u
NAME=uci_clock
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

# The soft and hard limits README's formula gives: prints "soft limit S ms, hard limit H ms".
expect() {
    local time=$1 inc=$2 mtg=$3 movetime=$4
    local left=$((time - 30))
    [ $left -lt 1 ] && left=1
    local share=$((left / (mtg > 0 ? mtg : 30) + inc * 3 / 4))
    local hard=$((share * 3 < left / 2 ? share * 3 : left / 2))
    [ $hard -lt 1 ] && hard=1
    [ "$movetime" -gt 0 ] && [ "$movetime" -lt $hard ] && hard=$movetime
    local soft=$((share / 2 < hard ? share / 2 : hard))
    [ $soft -lt 1 ] && soft=1
    echo "soft limit $soft ms, hard limit $hard ms"
}

# One `go` for the side to move ($1: w or b) with the clock given; checks the announced plan.
# The end of the input stops the search at once, so each case takes milliseconds.
plan() {
    local side=$1 wtime=$2 btime=$3 winc=$4 binc=$5 mtg=$6 movetime=$7
    local pos="position startpos" go="go wtime $wtime btime $btime winc $winc binc $binc"
    [ "$side" = b ] && pos="position startpos moves d3-d5"
    [ "$mtg" -gt 0 ] && go="$go movestogo $mtg"
    [ "$movetime" -gt 0 ] && go="$go movetime $movetime"
    local time=$wtime inc=$winc
    [ "$side" = b ] && time=$btime inc=$binc
    local want
    want="info string time $time ms, increment $inc ms, moves to go $mtg: $(expect "$time" "$inc" "$mtg" "$movetime")"
    printf '%s\n%s\n' "$pos" "$go" | "$BIN" uci >"$T/out" 2>&1
    local got
    got=$(grep '^info string time' "$T/out")
    check "$side to move, $go: $want" [ "$got" = "$want" ]
    [ "$got" = "$want" ] || echo "  got: ${got:-no plan line}"
}

for side in w b; do
    # Times and increments all different: each side's own must be used.
    plan $side 60000 30000 2000 500 0 0
    plan $side 30000 60000 500 2000 0 0
    plan $side 9000 120000 0 4000 0 0
    plan $side 120000 9000 4000 0 0 0
    # movestogo: the share is the time over the moves left.
    plan $side 60000 20000 800 12 10 0
    plan $side 20000 60000 12 800 1 0
    # movetime caps the hard limit (and the soft limit with it).
    plan $side 600000 300000 8000 4000 0 100
    # Almost no time left: both limits at least 1 ms.
    plan $side 20 25 0 0 0 0
done
echo "uci_clock: $((SECONDS - start)) s"
[ $failures -eq 0 ]
