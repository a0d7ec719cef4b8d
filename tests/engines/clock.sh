#!/usr/bin/env bash
# clock.sh: a proxy engine that records the clocks it is given and takes as long as it is told,
# for tests/engine_clock.sh. Usage: clock.sh LOG DELAYS PROGRAM ARGS...
# It passes the protocol through to PROGRAM ARGS (e.g. bin/maxtune uci, a coprocess). For each
# `go` it appends one line to LOG: "<its pid> <side to move> <its move number in the game> <the
# go line>" (side w or b, from the last `position`); before answering its N-th move of a game it sleeps
# the N-th of the comma-separated milliseconds of DELAYS (the last one repeats: "500,0" is 500 ms
# for the first move, none after).
set -u
log=$1
IFS=, read -ra delays <<<"$2"
shift 2
coproc ENG { "$@"; }
# shellcheck source=relay.sh
. "$(dirname "$0")/relay.sh"
side=w number=1
while IFS= read -r line; do
    case $line in
    position*)
        # Plies played so far: the words after "moves" (none without it).
        set -- $line
        plies=0 seen=0
        for w in "$@"; do
            [ $seen -eq 1 ] && plies=$((plies + 1))
            [ "$w" = moves ] && seen=1
        done
        side=w
        [ $((plies % 2)) -eq 1 ] && side=b
        number=$((plies / 2 + 1))
        relay_line "$line"
        ;;
    go*)
        echo "$$ $side $number $line" >>"$log"
        echo "$line" >&"${ENG[1]}"
        answer=$(relay bestmove)
        i=$((number - 1))
        [ $i -ge ${#delays[@]} ] && i=$((${#delays[@]} - 1))
        ms=${delays[$i]}
        [ "$ms" -gt 0 ] && sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
        echo "$answer"
        ;;
    *) relay_line "$line" ;;
    esac
done
