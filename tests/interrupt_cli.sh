#!/usr/bin/env bash
# make test: alone (it measures time: run by itself, after the tests that run side by side)
# Stopping a run during long moves: SIGINT (Ctrl-C), SIGTERM and SIGHUP end the searches in
# progress at once, abandon those games (nothing half-played is journaled), say so, and exit 130
# with run.txt "interrupted"; a second signal exits at once. Moves here take 10 s each
# (movetime), so only an aborted search can stop within the 2.5 s allowed (a promise of about a
# second; the margin is for a busy machine: 1365 ms was once seen).
set -u
NAME=interrupt_cli
source "$(dirname "$0")/lib/common.sh"
cat >"$T/slow.ini" <<'INI'
[run]
job = match
name = slow
threads = 2
[engine_a]
nodes = 0
movetime_ms = 10000
hash_mb = 1
[engine_b]
nodes = 0
movetime_ms = 10000
hash_mb = 1
[match]
pairs = 4
INI

# Starts the slow match in the background (folder $T/r$1), waits until it plays.
start_slow() {
    "$BIN" run "$T/slow.ini" --set run.results_dir="$T/r$1" >"$T/out$1" 2>"$T/err$1" &
    BG=$!
    local i
    for ((i = 0; i < 200; i++)); do
        has "$T/r$1/slow/run.txt" "status:   running" && break
        sleep 0.02
    done
    sleep 0.3 # inside the first searches
}

# Sends signal $2 to the run of folder $1 and checks it stops within 2.5 s (well before a move
# ends).
stop_with() {
    start_slow "$1"
    local ms s0
    s0=$(date +%s%N)
    kill -s "$2" "$BG"
    wait "$BG"; local rc=$?
    ms=$((($(date +%s%N) - s0) / 1000000))
    BG=""
    check "SIG$2: exit 130 within 2.5 s (took $ms ms)" eval "[ $rc -eq 130 ] && [ $ms -lt 2500 ]"
    check "SIG$2: says it is stopping" has "$T/err$1" "stopping: games in progress are abandoned"
    check "SIG$2: run.txt says interrupted" has "$T/r$1/slow/run.txt" "status:   interrupted"
    local records; records=$(($(wc -l <"$T/r$1/slow/checkpoint.journal") - 1))
    check "SIG$2: no abandoned game journaled ($records records)" [ "$records" -eq 0 ]
}
stop_with 1 INT
stop_with 2 TERM
stop_with 3 HUP

# A second signal ends the process at once (no saving wait).
start_slow 4
# Two different signals at once (two of the same kind could merge into one), before the run
# has had time to finish stopping.
kill -s INT "$BG"; kill -s TERM "$BG"
wait "$BG"; rc=$?; BG=""
check "a second signal: exit 130 at once" [ $rc -eq 130 ]
check "a second signal: says so" has "$T/err4" "stopped at once"
[ $failures -eq 0 ]
