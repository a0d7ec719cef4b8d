#!/usr/bin/env bash
# make test: alone (it measures time: run by itself, after the tests that run side by side)
# engine_faults.sh: external engines that misbehave (tests/engines/broken.sh): a crash, a hang,
# no uciok, an illegal move, a malformed move, garbage output, a slow start. Each game such an
# engine spoils is its loss with the right PGN Termination, printed on the terminal, its
# process is started again for the next game, the run finishes (unless every game was
# abandoned), and engines.log keeps its stderr and the game's protocol traffic; an engine that
# cannot start stops the run at once (tests/engine_loud.sh has the other stops). Then kill -9
# and SIGINT of a run with external engines, and resume.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN, the program (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=engine_faults
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

# ENG, a copy under $T of broken.sh, and CFG: a match of 2 pairs on 2 threads.
broken_match 2 2

# Number of games of folder $1's games.pgn with Termination $2.
terms() { grep -c "^\[Termination \"$2\"\]$" "$1/games.pgn"; }
# True when no process started from $ENG is left.
none_left() {
    local i
    for ((i = 0; i < 100; i++)); do
        pgrep -f "$ENG" >/dev/null || return 0
        sleep 0.05
    done
    return 1
}

# fault MODE K TERMINATION LOGTEXT [--set ...]: a one-pair match whose engine A misbehaves at
# its K-th go in both games (two faults: fewer than the 3 in a row that stop a run); checks
# that both games are A's losses by TERMINATION, that the run finished and replays (a run
# whose games were all abandoned does not finish: exit 1, it says so), that each fault was
# printed on the terminal, and that engines.log holds LOGTEXT and the traffic.
fault() {
    local mode=$1 k=$2 term=$3 text=$4
    shift 4
    local D=$T/$mode
    local t0=$SECONDS
    run "$CFG" --set run.results_dir="$D" --set "engine_a.command=$ENG $mode $k $BIN uci" \
        --set match.pairs=1 "$@"
    local F=$D/f
    if [ "$term" = abandoned ]; then
        check "$mode: both games abandoned: not finished, exit 1, it says so ($((SECONDS - t0)) s)" \
            eval '[ $RC -eq 1 ] && [ ! -f $F/summary.json ] && has $T/err "all 2 games were abandoned"'
    else
        check "$mode: the run finishes (exit 0) in $((SECONDS - t0)) s" eval \
            '[ $RC -eq 0 ] && [ -f $F/summary.json ]'
        check "$mode: both games lost by the broken engine, Termination \"$term\"" eval \
            '[ "$(terms $F "$term")" -eq 2 ] && has $F/summary.json "\"losses\": 2," &&
             has $F/summary.json "\"$term\": 2"'
        check "$mode: games.pgn replays (the engine to move lost)" eval \
            '"$BIN" replay $F/games.pgn >/dev/null 2>&1'
    fi
    check "$mode: each fault printed on the terminal as one line" eval \
        '[ "$(grep -c "^maxtune: opening 0, game [12]: broken (.*) loses by $term" $T/err)" -eq 2 ]'
    check "$mode: engines.log: 2 failed games, the reason, the traffic" eval \
        '[ "$(grep -c "^=== .* broken (.*) loses by $term" $F/engines.log)" -eq 2 ] &&
         has $F/engines.log "$text" && has $F/engines.log "> uci" &&
         grep -Eq "^## engine process [0-9]+ (was killed by signal 9|exited with status 3)$" \
             $F/engines.log'
    check "$mode: no engine process left" none_left
}

fault crash 3 abandoned "stderr: broken.sh: crashing at go 3"
check "crash: the log has the exit status and the position sent last" eval \
    'has $T/crash/f/engines.log "exited with status 3" && has $T/crash/f/engines.log "> go nodes 300"'
fault hang 2 "time forfeit" "stderr: broken.sh: hanging at go 2" --set engine_a.timeout_ms=800
check "hang: the log says no bestmove came" has "$T/hang/f/engines.log" "no bestmove within 800 ms"
fault flood 2 "time forfeit" "stderr: broken.sh: flooding at go 2" --set engine_a.timeout_ms=800
check "flood: engines.log stays bounded (1 MiB a game), each game's start kept" eval \
    '[ "$(stat -c %s $T/flood/f/engines.log)" -lt 2200000 ] &&
     [ "$(grep -c "^> uci$" $T/flood/f/engines.log)" -eq 2 ] &&
     has $T/flood/f/engines.log "lines from the middle of the transcript were cut"'
# Started (its one isready at the start check answered), then never ready for a game: the
# game it is not ready for is abandoned, not a time forfeit; the other is played.
# 1500 ms: time enough for uciok on a busy machine (600 ms was not, with three runs on 2
# cores), so that it is readyok that does not come.
run "$CFG" --set run.results_dir="$T/noready" --set "engine_a.command=$ENG noreadyok 2 $BIN uci" \
    --set match.pairs=1 --set engine_a.start_timeout_ms=1500
check "noreadyok: game 2 abandoned (no readyok in time), not a time forfeit; game 1 played" eval \
    '[ $RC -eq 0 ] && [ "$(terms $T/noready/f abandoned)" -eq 1 ] &&
     [ "$(terms $T/noready/f "time forfeit")" -eq 0 ] && has $T/noready/f/engines.log "no readyok in time"'
fault illegal 2 "rules infraction" "is not a legal move in this position"
fault malformed 1 "rules infraction" "bestmove '@@!!'"
fault garbage 2 "rules infraction" "garbage: a line with control byte 0x01"

# An engine that cannot start stops the run before the first game (exit 1, one line).
run "$CFG" --set run.results_dir="$T/nouciok" --set "engine_a.command=$ENG nouciok 0 $BIN uci" \
    --set engine_a.start_timeout_ms=300
check "no uciok: the run stops before the first game, exit 1, one line naming the engine" eval \
    '[ $RC -eq 1 ] && grep -q "^maxtune: \[engine_a\] broken (command: .*nouciok.*): cannot start: no uciok in time" $T/err &&
     [ ! -e $T/nouciok/f/engines.log ] && [ ! -e $T/nouciok ] && none_left'
run "$CFG" --set run.results_dir="$T/slow1" --set "engine_a.command=$ENG slowstart 1500 $BIN uci" \
    --set engine_a.start_timeout_ms=300
check "a start slower than start_timeout_ms: the run stops, exit 1" eval \
    '[ $RC -eq 1 ] && grep -q "^maxtune: \[engine_a\] broken .*: cannot start: no uciok in time" $T/err'
# A slow start within the start timeout is no fault.
run "$CFG" --set run.results_dir="$T/slow2" --set "engine_a.command=$ENG slowstart 300 $BIN uci"
check "slow start within start_timeout_ms: games as usual, no engines.log" eval \
    '[ $RC -eq 0 ] && [ "$(terms $T/slow2/f normal) + $(terms $T/slow2/f adjudication)" ] &&
     [ $(($(terms $T/slow2/f normal) + $(terms $T/slow2/f adjudication))) -eq 4 ] &&
     [ ! -e $T/slow2/f/engines.log ]'
# A program that exits at once (maxtune with a bad subcommand): the run stops, its stderr quoted.
run "$CFG" --set run.results_dir="$T/exit" --set "engine_a.command=$BIN nosuchcommand"
check "an engine that exits at start: exit 1, its exit status and stderr on the line" eval \
    '[ $RC -eq 1 ] && grep -q "^maxtune: \[engine_a\] broken .*: cannot start: it exited with status 2 before uciok; its stderr: .*maxtune --version" $T/err'

# --- kill -9 and SIGINT with external engines, then resume ---------------------------------
run "$CFG" --set run.results_dir="$T/ref" --set match.pairs=12
REF=$T/ref/f
K=$T/kill/f
EXTSET=("--set" "engine_a.command=$ENG ok 0 $BIN uci" "--set" "engine_a.options=Hash=1")
"$BIN" run "$CFG" --set run.results_dir="$T/kill" --set match.pairs=12 "${EXTSET[@]}" \
    >/dev/null 2>&1 &
BG=$!
if wait_records "$K" 2; then
    kill -9 "$BG"
    wait "$BG" 2>/dev/null
    BG=""
    check "kill -9: the engines die with the runner" none_left
    run "$CFG" --set run.results_dir="$T/kill" --set match.pairs=12 "${EXTSET[@]}"
    check "kill -9 + resume: exit 0, games.pgn identical to an in-process run" eval \
        '[ $RC -eq 0 ] && same $K/games.pgn $REF/games.pgn'
else
    echo "FAIL kill -9: the run finished or failed before 2 pairs were saved"
    failures=$((failures + 1))
fi
I=$T/int/f
"$BIN" run "$CFG" --set run.results_dir="$T/int" --set match.pairs=12 "${EXTSET[@]}" \
    >/dev/null 2>&1 &
BG=$!
if wait_records "$I" 2; then
    kill -INT "$BG"
    wait "$BG"
    rc=$?
    BG=""
    check "SIGINT: exit 130, no engine process left" eval '[ $rc -eq 130 ] && none_left'
    check "SIGINT: no game was scored as a fault" eval '[ ! -e $I/engines.log ]'
    run "$CFG" --set run.results_dir="$T/int" --set match.pairs=12 "${EXTSET[@]}"
    check "SIGINT + resume: games.pgn identical to an in-process run" eval \
        '[ $RC -eq 0 ] && same $I/games.pgn $REF/games.pgn'
else
    echo "FAIL SIGINT: the run finished or failed before 2 pairs were saved"
    failures=$((failures + 1))
fi

echo "engine_faults: $((SECONDS - start)) s"
exit $((failures > 0))
