#!/usr/bin/env bash
# broken.sh: an engine that misbehaves on purpose, for tests/engine_faults.sh and
# tests/engine_ext.sh. Usage: broken.sh MODE K PROGRAM ARGS...
# It passes the protocol through to PROGRAM ARGS (e.g. bin/maxtune uci, a coprocess) and
# misbehaves at its K-th `go` (counted from its start):
#   ok         never (a plain proxy)
#   crash      writes a line on stderr and exits 3 instead of answering
#   hang       never answers (sleeps; the runner must kill it)
#   flood      never answers, but writes info lines as fast as it can
#   illegal    answers with the real best move reversed (<to>-<from>: never legal)
#   malformed  answers "bestmove @@!!"
#   garbage    writes a line of control bytes, then the real answer
#   slow       sleeps K milliseconds before every bestmove (K is then a delay, not a count)
#   nouciok    never answers `uci`; with K > 0 only at its K-th start (counted as dieuci counts)
#   noreadyok  never answers its K-th `isready` and those after: it starts (the runner's start
#              check has one isready) and then is never ready for a game
#   slowstart  sleeps K milliseconds before it starts
#   mark       never; it first writes the CPUs it may run on (Cpus_allowed_list) into the file
#              "engine-was-here" in its working folder
#   dieuci     at its K-th start (counted in the file "broken-starts" in its working folder),
#              writes a line on stderr and exits 5 when it gets `uci`
#   games      K is a comma-separated list of modes, one a game (counted at the first go after
#              each `ucinewgame` in the file "broken-games" in its working folder, across its
#              restarts): in game n it behaves as the n-th mode at its first go (ok, crash,
#              hang, illegal, ...; ok after the list ends), e.g. "crash,hang,ok"
# With BROKEN_SOUND_IF set to a path that exists, it is a plain proxy whatever MODE says.
set -u
mode=$1 k=$2
shift 2
[ -n "${BROKEN_SOUND_IF:-}" ] && [ -e "$BROKEN_SOUND_IF" ] && mode=ok
if [ "$mode" = dieuci ] || { [ "$mode" = nouciok ] && [ "$k" -gt 0 ]; }; then
    starts=$(($(cat broken-starts 2>/dev/null || echo 0) + 1))
    echo "$starts" >broken-starts
fi
[ "$mode" = mark ] && awk '/^Cpus_allowed_list:/ {print $2}' /proc/$$/status >engine-was-here
[ "$mode" = slowstart ] && sleep "$(awk "BEGIN{print $k/1000}")"
coproc ENG { "$@"; }
# shellcheck source=relay.sh
. "$(dirname "$0")/relay.sh"
gos=0 readies=0 per_game="" fresh=0
[ "$mode" = games ] && per_game=$k mode=ok
while IFS= read -r line; do
    case $line in
    ucinewgame)
        [ -n "$per_game" ] && fresh=1
        relay_line "$line"
        ;;
    uci)
        [ "$mode" = nouciok ] && { [ "$k" -eq 0 ] || [ "$starts" -eq "$k" ]; } && continue
        if [ "$mode" = dieuci ] && [ "$starts" -eq "$k" ]; then
            echo "broken.sh: dying at uci, start $starts" >&2
            exit 5
        fi
        relay_line uci
        ;;
    isready)
        readies=$((readies + 1))
        [ "$mode" = noreadyok ] && [ "$readies" -ge "$k" ] && continue
        relay_line isready
        ;;
    go*)
        if [ "$fresh" = 1 ]; then # the first go of a game (the start check plays none)
            game=$(($(cat broken-games 2>/dev/null || echo 0) + 1))
            echo "$game" >broken-games
            mode=$(cut -d, -f"$game" <<<"$per_game,")
            mode=${mode:-ok} k=1 gos=0 fresh=0
        fi
        gos=$((gos + 1))
        if [ "$gos" -eq "$k" ]; then
            case $mode in
            crash)
                echo "broken.sh: crashing at go $gos" >&2
                exit 3
                ;;
            hang)
                echo "broken.sh: hanging at go $gos" >&2
                sleep 600
                ;;
            malformed)
                echo "bestmove @@!!"
                continue
                ;;
            flood)
                echo "broken.sh: flooding at go $gos" >&2
                exec yes "info depth 1 score cp 0 nodes 1 pv a1-a2"
                ;;
            esac
        fi
        echo "$line" >&"${ENG[1]}"
        while IFS= read -r l <&"${ENG[0]}"; do
            case $l in
            bestmove*)
                [ "$mode" = slow ] && sleep "$(awk "BEGIN{print $k/1000}")"
                if [ "$gos" -eq "$k" ] && [ "$mode" = illegal ]; then
                    set -- $l
                    mv=${2%%x*}
                    echo "bestmove ${mv#*-}-${mv%-*}"
                elif [ "$gos" -eq "$k" ] && [ "$mode" = garbage ]; then
                    printf 'info \001\002\033[31m garbage\n'
                    echo "$l"
                else
                    echo "$l"
                fi
                break
                ;;
            *) echo "$l" ;;
            esac
        done
        ;;
    *) relay_line "$line" ;;
    esac
done
