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
side=w number=1
# Forwards the engine's lines up to and including the first that starts with $1.
relay() {
    local l
    while IFS= read -r l <&"${ENG[0]}"; do
        echo "$l"
        case $l in "$1"*) return 0 ;; esac
    done
    exit 4
}
while IFS= read -r line; do
    case $line in
    uci)
        echo uci >&"${ENG[1]}"
        relay uciok
        ;;
    isready)
        echo isready >&"${ENG[1]}"
        relay readyok
        ;;
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
        echo "$line" >&"${ENG[1]}"
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
    quit)
        echo quit >&"${ENG[1]}"
        exit 0
        ;;
    *) echo "$line" >&"${ENG[1]}" ;;
    esac
done
